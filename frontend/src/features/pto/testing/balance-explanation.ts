/** Tests only: answers of GET /pto/balance-explanation ('Why this balance?', issue 38). */
import type { BalanceExplanation, ExplainedType, ExplanationLine } from '../api/balance-explanation';

export const explanationLine = (fields: Partial<ExplanationLine> = {}): ExplanationLine => ({
  date: '2026-01-01',
  until: null,
  kind: 'CARRYOVER',
  minutes: 0,
  balanceAfter: 0,
  text: 'The period opened at 0 h',
  ...fields,
});

/**
 * Vacation (id 5) since 1 January, as the time-off server's VACATION has it available now: 76 h
 * carried over, 3 h accrued, 2.5 h added by hand, 1.5 h taken over two days; 80 h in all (4800
 * minutes), the lines adding up to it.
 */
export const explainedVacation = (fields: Partial<ExplainedType> = {}): ExplainedType => ({
  ptoTypeId: 5,
  name: 'Vacation',
  balance: 4800,
  periodStart: '2026-01-01',
  lines: [
    explanationLine({ minutes: 4560, balanceAfter: 4560, text: 'The period opened at 76 h' }),
    explanationLine({ date: '2026-11-07', kind: 'ACCRUED', minutes: 180, balanceAfter: 4740, text: '3 h for 90 h worked (1 h per 30 h), week of 1 November 2026' }),
    explanationLine({ date: '2026-11-10', kind: 'MANUALLY_ADDITION', minutes: 150, balanceAfter: 4890, text: '2.5 h added by hand by Ada Admin' }),
    explanationLine({ date: '2026-11-12', until: '2026-11-13', kind: 'PTO_REQUEST', minutes: -90, balanceAfter: 4800, text: '1.5 h taken' }),
  ],
  ...fields,
});

export const balanceExplanation = (fields: Partial<BalanceExplanation> = {}): BalanceExplanation => ({
  employeeId: 9,
  asOf: '2026-11-18',
  types: [explainedVacation()],
  ...fields,
});
