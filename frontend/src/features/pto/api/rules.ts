import { z } from '@/lib/zod';
import { api, ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { ACCRUING_METHODS, FIXED_METHODS, hasOtherPeriods, planSchema, ruleBody, usePtoSetupMutation, type PtoPlan, type RuleForm } from './plans';

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
  'accrualPeriod',
  'rateBasis',
  'periodAnchor',
  'creditOn',
  'rounding',
  'carryoverExpiresAfter',
  'carryoverExpiryUnit',
  'yearStart',
  'fiscalYearStart',
  'serviceTiers',
  // and each tier's `serviceTiers[i].fromYear` and `serviceTiers[i].rate`
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
  if (!FIXED_METHODS.includes(rule.method) && !hasOtherPeriods(rule)) shown.push('rateUnit');
  if (rule.waitingPeriodEnabled) shown.push('waitingPeriod');
  if (rule.carryoverPolicy === 'allowCarryover' && rule.maxCarryoverEnabled) shown.push('maxCarryover');
  if (rule.maxBalanceEnabled) shown.push('maxBalance');
  shown.push('yearlyAccrualCap', 'yearlyUseCap', 'usableAfterDays', 'minIncrement');
  if (rule.usableAfterDays.trim()) shown.push('usableCounting');
  // The accrual settings (their group opens by itself to show a message).
  if (rule.method === 'PER_PAY_PERIOD') shown.push('accrualPeriod', 'rateBasis', 'periodAnchor', 'creditOn');
  shown.push('rounding');
  if (rule.carryoverPolicy === 'allowCarryover') shown.push('carryoverExpiresAfter', 'carryoverExpiryUnit');
  if (ACCRUING_METHODS.includes(rule.method)) shown.push('yearStart');
  if (ACCRUING_METHODS.includes(rule.method) && rule.yearStart === 'fiscal') shown.push('fiscalYearStart');
  shown.push('serviceTiers');
  rule.serviceTiers.forEach((_, index) => shown.push(`serviceTiers[${index}].fromYear`, `serviceTiers[${index}].rate`));
  return shown;
}

const TIER_FIELD = /^serviceTiers\[(\d+)\]\.(fromYear|rate)$/;

/** What a rule form holds for a field the server may name (a tier's year or rate by `serviceTiers[i].…`), as text. */
export function ruleFieldValue(rule: RuleForm, field: string): string | undefined {
  const tier = TIER_FIELD.exec(field);
  if (tier) return rule.serviceTiers[Number(tier[1])]?.[tier[2] as 'fromYear' | 'rate'];
  if (!(field in rule)) return undefined;
  return JSON.stringify(rule[field as keyof RuleForm]);
}

/** The server's messages still true of `rule`: those of the fields it holds as it did when `sent`. */
export const standingErrors = (errors: Record<string, string>, sent: RuleForm, rule: RuleForm): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => ruleFieldValue(rule, field) === ruleFieldValue(sent, field)));

/** A plan's rule the server refused: the rule as sent and the messages by field. */
export interface RuleRefusal {
  rule: RuleForm;
  errors: Record<string, string>;
}

const INDEXED_RULE = /^rules\[(\d+)\]\.(.+)$/;

/**
 * A refused plan save (the wizard's, the edit panel's), split: the messages of the i-th rule sent
 * (`rules[i].field`) for a field its form shows, by that rule's type; and the rest of the failure
 * (null when the rules' messages say it all), with those messages taken out.
 */
export function refusedRules(error: unknown, sent: readonly RuleForm[]): { refusals: Record<number, RuleRefusal>; rest: unknown } {
  if (!(error instanceof ApiError) || !error.hasFieldErrors) return { refusals: {}, rest: error };
  const refusals: Record<number, RuleRefusal> = {};
  const remaining: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const match = INDEXED_RULE.exec(key);
    const rule = match ? sent[Number(match[1])] : undefined;
    const field = match?.[2];
    if (rule && field && messages[0] && shownRuleFields(rule).includes(field)) {
      const refusal = (refusals[rule.ptoTypeId] ??= { rule, errors: {} });
      refusal.errors[field] ??= messages[0];
    } else {
      remaining[key] = messages;
    }
  }
  if (Object.keys(refusals).length === 0) return { refusals, rest: error };
  if (Object.keys(remaining).length === 0) return { refusals, rest: null };
  const { status, statusText, code, message, requestId } = error;
  return { refusals, rest: new ApiError(status, statusText, { code, message, errors: remaining, requestId }) };
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
