import { z } from '@/lib/zod';
import { api, ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { FIXED_METHODS, planSchema, ruleBody, usePtoSetupMutation, type PtoPlan, type RuleForm } from './plans';

export const PTO_RULE_SAVED = 'PTO rule has been saved.';
/** The server's 409 when the plan's last rule would go (and the tooltip of a blocked Delete). */
export const LAST_RULE = 'A PTO plan needs at least one PTO type. Delete the plan instead.';
export const RULE_CHANGE_INFO = 'Changing or deleting a rule recalculates the balances of everyone in the plan; each change is recorded in their PTO history.';

/** The rule's own fields the server may name in a 400's `errors`. */
export const RULE_FIELDS = [
  'ptoTypeId',
  'method',
  'rate',
  'rateUnit',
  'waitingPeriod',
  'maxCarryover',
  'maxBalance',
  'yearlyAccrualCap',
  'yearlyUseCap',
  'usableAfterDays',
  'usableCounting',
  'minIncrement',
] as const;

export interface RuleEdit {
  /** The rule edited; none adds a rule to the plan. */
  id?: number;
  /** The plan the rule belongs to. */
  ptoPolicyId: number;
  rule: RuleForm;
}

/** The body of POST /settings/update-pto-rule: the rule's fields (fixed rules send rateUnit '1'), its id, its plan. */
export const ruleEditBody = ({ id, ptoPolicyId, rule }: RuleEdit) => ({
  ...(id === undefined ? {} : { id }),
  ptoPolicyId,
  ...ruleBody(rule),
  waitingPeriod: rule.waitingPeriod.trim(),
  maxCarryover: rule.maxCarryover.trim(),
  maxBalance: rule.maxBalance.trim(),
});

/** POST /settings/update-pto-rule: edits a plan's rule (with `id`) or adds one for a type the plan lacks; answers the plan. */
export const updatePtoRule = (edit: RuleEdit): Promise<PtoPlan> => api.post('/settings/update-pto-rule', ruleEditBody(edit), { schema: planSchema });

/** POST /settings/inactive-pto-rule?id=: removes a rule from its plan (409 for the plan's last rule). */
export const deletePtoRule = (id: number): Promise<{ id: number }> =>
  api.request('/settings/inactive-pto-rule', { method: 'POST', query: { id }, schema: z.object({ id: z.number() }) });

export const useUpdatePtoRule = () => usePtoSetupMutation(updatePtoRule);
export const useDeletePtoRule = () => usePtoSetupMutation(deletePtoRule);

/** The inputs of a rule form on screen now: a field error for any other goes to the form's alert. */
export function shownRuleFields(rule: RuleForm, { typeChoice = false }: { typeChoice?: boolean } = {}): string[] {
  const shown = ['method'];
  if (typeChoice) shown.push('ptoTypeId');
  if (!rule.method) return shown;
  shown.push('rate');
  if (!FIXED_METHODS.includes(rule.method)) shown.push('rateUnit');
  if (rule.waitingPeriodEnabled) shown.push('waitingPeriod');
  if (rule.carryoverPolicy === 'allowCarryover' && rule.maxCarryoverEnabled) shown.push('maxCarryover');
  if (rule.maxBalanceEnabled) shown.push('maxBalance');
  shown.push('yearlyAccrualCap', 'yearlyUseCap', 'usableAfterDays', 'minIncrement');
  if (rule.usableAfterDays.trim()) shown.push('usableCounting');
  return shown;
}

/**
 * A failed rule save, split: a 400's messages for the inputs on screen go on those inputs; the rest
 * (another field, a 404, a refusal) is the 'Sorry …' alert; a server failure is the generic alert.
 */
export function ruleSaveFailure(error: unknown, shown: readonly string[]): { fieldErrors: Record<string, string>; message: string | null } {
  if (error instanceof ApiError && error.hasFieldErrors) {
    const fieldErrors: Record<string, string> = {};
    const other: string[] = [];
    for (const [field, messages] of Object.entries(error.errors)) {
      const first = messages[0];
      if (!first) continue;
      if (shown.includes(field)) fieldErrors[field] = first;
      else other.push(first);
    }
    const message = other[0] ?? (Object.keys(fieldErrors).length > 0 ? null : error.message);
    return { fieldErrors, message: message === null ? null : `Sorry ${message}` };
  }
  return { fieldErrors: {}, message: `Sorry ${serverMessage(error)}` };
}
