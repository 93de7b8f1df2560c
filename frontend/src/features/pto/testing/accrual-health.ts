/** Tests only: answers of GET /pto-manage/accrual-health. */
import type { AccrualHealth } from '../api/accrual-health';

export const LAST_RUN: NonNullable<AccrualHealth['lastRun']> = {
  startedAt: '2026-11-28T07:00:00Z',
  finishedAt: '2026-11-28T07:00:04Z',
  companies: 1,
  employees: 14,
  errors: 0,
  failure: null,
};

/** All is well: the last run finished without errors. */
export const healthyAccruals = (fields: Partial<AccrualHealth> = {}): AccrualHealth => ({ lastRun: LAST_RUN, warning: null, problems: [], ...fields });

export const BROKEN_RULE_WARNING = "The last accrual run could not bring one person's balance forward: fix the rule named below or ask support.";
export const BROKEN_RULE_PROBLEM = "Ava Stone: the Sick rule of plan 'Old import' is broken: its method 'WEEKLY' is unknown";

/** The last run could not bring Ava Stone's Sick balance forward. */
export const brokenRuleAccruals = (fields: Partial<AccrualHealth> = {}): AccrualHealth => ({
  lastRun: { ...LAST_RUN, errors: 1 },
  warning: BROKEN_RULE_WARNING,
  problems: [BROKEN_RULE_PROBLEM],
  ...fields,
});
