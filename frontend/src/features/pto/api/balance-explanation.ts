import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { ptoKeys } from './keys';

/**
 * 'Why this balance?' (issue 38): GET /pto/balance-explanation?eid, the ledger lines that make each
 * paid type's balance over its current period. The employee's PTO screen and the admin's PTO
 * history read this one call, so both show the same lines and the same sum. `eid` null: the caller.
 */

export const explanationLineSchema = z.object({
  /** YYYY-MM-DD; the first day of a request over several days. */
  date: z.string(),
  /** The last day of a request over several days. */
  until: z.string().nullable().optional().transform((v) => v ?? null),
  /** CARRYOVER (the period's opening line, always first), ACCRUED, FORFEITED, NEW_PTO_PLAN, MANUALLY_ADDITION or PTO_REQUEST. */
  kind: z.string(),
  /** The line's signed change of the balance, in minutes (the opening line: the opening balance). */
  minutes: z.number().int(),
  balanceAfter: z.number().int(),
  /** Where the amount comes from: '3 h for 90 h worked (1 h per 30 h), week of 1 November 2026'. */
  text: z.string(),
});
export type ExplanationLine = z.output<typeof explanationLineSchema>;

export const explainedTypeSchema = z.object({
  ptoTypeId: z.number().int(),
  name: z.string(),
  /** Minutes; the lines' minutes add up to it. */
  balance: z.number().int(),
  periodStart: z.string(),
  /** Oldest first. */
  lines: z.array(explanationLineSchema),
});
export type ExplainedType = z.output<typeof explainedTypeSchema>;

export const balanceExplanationSchema = z.object({
  employeeId: z.number().int(),
  /** The company's day explained (today). */
  asOf: z.string(),
  types: z.array(explainedTypeSchema),
});
export type BalanceExplanation = z.output<typeof balanceExplanationSchema>;

export const balanceExplanationQueryOptions = (eid: number | null) =>
  queryOptions({
    queryKey: ptoKeys.balanceExplanation(eid),
    queryFn: ({ signal }) =>
      api.get('/pto/balance-explanation', { query: eid === null ? {} : { eid }, schema: balanceExplanationSchema, signal }),
  });

/** Asked only while something shows it (a dialog open). */
export const useBalanceExplanation = (eid: number | null, enabled: boolean) => useQuery({ ...balanceExplanationQueryOptions(eid), enabled });

/** Minutes as hours with up to two decimals, as the lines' texts say them: 750 → '12.5', 180 → '3'. */
export const explanationHours = (minutes: number): string => String(Number((minutes / 60).toFixed(2)));

/** A line's change: '+3 h', '−2.25 h' (a true minus sign), '0 h'. */
export function signedHours(minutes: number): string {
  if (minutes > 0) return `+${explanationHours(minutes)} h`;
  if (minutes < 0) return `−${explanationHours(-minutes)} h`;
  return '0 h';
}

/** The dialog's title: 'Why is my Sick time balance 12.5 h?', or with `whose` ('Emma Brooks') someone else's. */
export function explanationTitle(typeName: string, minutes: number, whose: string | null): string {
  const owner = whose === null ? 'my' : whose === '' ? 'this' : `${whose}'s`;
  return `Why is ${owner} ${typeName} balance ${explanationHours(minutes)} h?`;
}
