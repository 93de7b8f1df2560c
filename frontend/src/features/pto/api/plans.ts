import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { paidHolidaySchema } from './holidays';
import { ptoTypeSchema } from './pto-types';
import { otherKeys, ptoKeys } from './keys';

/** A plan's rule for one PTO type (002 §3 "PTO rule"), with its summary ('80 hrs/year'). */
export const ruleSchema = z.object({
  id: z.number().int(),
  ptoPolicyId: z.number().int(),
  ptoTypeId: z.number().int(),
  status: z.number().int(),
  method: z.string(),
  rate: z.number(),
  rateUnit: z.number().int(),
  prorated: z.boolean(),
  waitingPeriodEnabled: z.boolean(),
  waitingPeriod: z.number().int().nullable(),
  startAfterWaitingPeriod: z.boolean(),
  carryoverPolicy: z.string(),
  maxCarryoverEnabled: z.boolean(),
  maxCarryover: z.number().int().nullable(),
  maxBalanceEnabled: z.boolean(),
  maxBalance: z.number().int().nullable(),
  /** Issue 38: the sick-leave laws' limits (none: no limit). */
  yearlyAccrualCap: z.number().int().nullable(),
  yearlyUseCap: z.number().int().nullable(),
  usableAfterDays: z.number().int().nullable(),
  /** `fromDay` (usable on day N of employment) or `afterDays`; none without a wait. */
  usableCounting: z.string().nullable(),
  /** The smallest block of time off, in hours. */
  minIncrement: z.number().nullable(),
  anniversaryBased: z.boolean(),
  summary: z.string(),
});
export type PlanRule = z.output<typeof ruleSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  rules: z.array(ruleSchema),
  associatedYears: z.array(z.number().int()),
  numOfEnrolledEmployees: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
  enrolledEmployeeCount: z.number().int(),
  /** Nobody was ever in it; a plan someone left still prices part of their year. */
  deletable: z.boolean(),
});
export type PtoPlan = z.output<typeof planSchema>;

export const ptoManageDataSchema = z.object({
  ptoTypes: z.array(ptoTypeSchema),
  ptoPolicies: z.array(planSchema),
  ptoRules: z.array(ruleSchema),
  jobRoles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The current year's paid holidays. */
  paidHolidays: z.array(paidHolidaySchema),
  currentYear: z.number().int(),
});
export type PtoManageData = z.output<typeof ptoManageDataSchema>;

/** GET /pto-manage/data: types, plans with their rules and enrolled counts, job roles. */
export const ptoManageDataQueryOptions = () =>
  queryOptions({ queryKey: ptoKeys.manageData, queryFn: () => api.get('/pto-manage/data', { schema: ptoManageDataSchema }) });
export const usePtoManageData = () => useQuery(ptoManageDataQueryOptions());

const planEmployeesSchema = z.object({ employees: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** GET /pto-manage/plan-employees: the people enrolled in a plan for a year (the plan's edit panel). */
export const usePlanEmployees = (planId: number, year: string) =>
  useQuery({
    queryKey: ptoKeys.planEmployees(planId, year),
    queryFn: () => api.get('/pto-manage/plan-employees', { query: { ptoPolicyId: planId, year }, schema: planEmployeesSchema }),
  });

export const PLAN_SAVED = 'PTO plan has been saved.';
export const PLAN_HAS_HISTORY = 'People were in this PTO Plan earlier and their balances still count it, so it cannot be deleted.';
export const PLAN_HAS_PEOPLE = 'There are people assigned to this PTO Plan. Please move them to a different plan first.';

/** The rule form (002 §3); numbers as the fields hold them (text). */
export interface RuleForm {
  ptoTypeId: number;
  method: string;
  rate: string;
  rateUnit: string;
  prorated: boolean;
  waitingPeriodEnabled: boolean;
  waitingPeriod: string;
  startAfterWaitingPeriod: boolean;
  carryoverPolicy: 'allowCarryover' | 'useItOrLoseIt';
  maxCarryoverEnabled: boolean;
  maxCarryover: string;
  maxBalanceEnabled: boolean;
  maxBalance: string;
  /** Issue 38: whole hours a year may earn at most ('' for no cap). */
  yearlyAccrualCap: string;
  /** Issue 38: whole hours a year may use at most ('' for no cap). */
  yearlyUseCap: string;
  /** Issue 38: days of employment before the first use ('' for none). */
  usableAfterDays: string;
  /** Usable on day N of employment, or after N days. */
  usableCounting: UsableCounting;
  /** Issue 38: the smallest block of time off in hours ('' for any). */
  minIncrement: string;
}

export type UsableCounting = 'fromDay' | 'afterDays';

export const FIXED_METHODS = ['PER_CALENDAR_YEAR', 'PER_ANNIVERSARY'];

/** 002 §2: choosing a method resets the rule: prorated, no waiting period, carryover allowed, no caps. */
export const ruleFor = (ptoTypeId: number, method: string): RuleForm => ({
  ptoTypeId,
  method,
  rate: '',
  rateUnit: FIXED_METHODS.includes(method) ? '1' : '',
  prorated: true,
  waitingPeriodEnabled: false,
  waitingPeriod: '',
  startAfterWaitingPeriod: false,
  carryoverPolicy: 'allowCarryover',
  maxCarryoverEnabled: false,
  maxCarryover: '',
  maxBalanceEnabled: false,
  maxBalance: '',
  yearlyAccrualCap: '',
  yearlyUseCap: '',
  usableAfterDays: '',
  usableCounting: 'afterDays',
  minIncrement: '',
});

/** A number the server may leave out, as a field holds it. */
const optionalText = (value: number | null): string => (value === null ? '' : String(value));

export const ruleFromSaved = (rule: PlanRule): RuleForm => ({
  ptoTypeId: rule.ptoTypeId,
  method: rule.method,
  rate: String(rule.rate),
  rateUnit: String(rule.rateUnit),
  prorated: rule.prorated,
  waitingPeriodEnabled: rule.waitingPeriodEnabled,
  waitingPeriod: rule.waitingPeriod === null ? '' : String(rule.waitingPeriod),
  startAfterWaitingPeriod: rule.startAfterWaitingPeriod,
  carryoverPolicy: rule.carryoverPolicy === 'useItOrLoseIt' ? 'useItOrLoseIt' : 'allowCarryover',
  maxCarryoverEnabled: rule.maxCarryoverEnabled,
  maxCarryover: rule.maxCarryover === null ? '' : String(rule.maxCarryover),
  maxBalanceEnabled: rule.maxBalanceEnabled,
  maxBalance: rule.maxBalance === null ? '' : String(rule.maxBalance),
  yearlyAccrualCap: optionalText(rule.yearlyAccrualCap),
  yearlyUseCap: optionalText(rule.yearlyUseCap),
  usableAfterDays: optionalText(rule.usableAfterDays),
  usableCounting: rule.usableCounting === 'fromDay' ? 'fromDay' : 'afterDays',
  minIncrement: optionalText(rule.minIncrement),
});

const RATE = /^\d+(\.\d{1,2})?$/;
const DIGITS = /^\d+$/;

/** Issue 38: the server's texts for the sick-leave limits. */
export const LIMIT_TEXTS = {
  cap: 'Please input whole hours from 1 to 1,000',
  days: 'Please input whole days from 1 to 730',
  minIncrement: 'Please input hours from 0.25 to 8, with at most 2 decimals',
} as const;

/** An optional whole number from 1 to `max` ('' is none). */
const inRange = (text: string, max: number): boolean => {
  const trimmed = text.trim();
  return trimmed === '' || (DIGITS.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= max);
};

/** An optional number of hours from 0.25 to 8 with at most two decimals ('' is none). */
const isMinIncrement = (text: string): boolean => {
  const trimmed = text.trim();
  return trimmed === '' || (RATE.test(trimmed) && Number(trimmed) >= 0.25 && Number(trimmed) <= 8);
};

/** 002 §5 "Rule wizard step": the problems of one rule by field, empty when it is done. */
export function ruleProblems(rule: RuleForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const fixed = FIXED_METHODS.includes(rule.method);
  if (!rule.method) problems.method = 'Please choose how this type is given';
  if (!rule.rate.trim()) problems.rate = fixed ? 'Please input the Hours per year' : 'Please input the hours';
  else if (!RATE.test(rule.rate.trim())) problems.rate = 'Please input a number with at most two decimals';
  if (!fixed && (!DIGITS.test(rule.rateUnit.trim()) || Number(rule.rateUnit) === 0)) problems.rateUnit = 'Please input a whole number above 0';
  if (rule.waitingPeriodEnabled && (!DIGITS.test(rule.waitingPeriod.trim()) || Number(rule.waitingPeriod) === 0)) {
    problems.waitingPeriod = 'Please input the days of the waiting period';
  }
  if (rule.carryoverPolicy === 'allowCarryover' && rule.maxCarryoverEnabled && (!DIGITS.test(rule.maxCarryover.trim()) || Number(rule.maxCarryover) === 0)) {
    problems.maxCarryover = 'Please input the most hours carried over';
  }
  if (rule.maxBalanceEnabled && (!DIGITS.test(rule.maxBalance.trim()) || Number(rule.maxBalance) === 0)) {
    problems.maxBalance = 'Please input the maximum balance in hours';
  }
  if (!inRange(rule.yearlyAccrualCap, 1000)) problems.yearlyAccrualCap = LIMIT_TEXTS.cap;
  if (!inRange(rule.yearlyUseCap, 1000)) problems.yearlyUseCap = LIMIT_TEXTS.cap;
  if (!inRange(rule.usableAfterDays, 730)) problems.usableAfterDays = LIMIT_TEXTS.days;
  if (!isMinIncrement(rule.minIncrement)) problems.minIncrement = LIMIT_TEXTS.minIncrement;
  return problems;
}

/** 002 §9: the rule's summary as the recap shows it. */
export function ruleSummary(rule: RuleForm): string {
  if (FIXED_METHODS.includes(rule.method)) return `${rule.rate} hrs/year`;
  if (rule.method === 'PER_HOUR_WORKED') return `${rule.rate} hrs per ${rule.rateUnit} worked hours`;
  return `${rule.rate} hrs per ${rule.rateUnit} months`;
}

export type AssignType = 'jobRole' | 'entireTeam' | 'teamMembers' | 'none';

/** 002 §3 "Starting balance entry": the balance (hours as typed, e.g. '12.5' or '-3') a person starts the plan with for a type. */
export interface StartingBalance {
  employeeId: number;
  ptoTypeId: number;
  startingBalance: string;
}

export interface PlanForm {
  id?: number;
  name: string;
  year: number;
  assignType?: AssignType;
  assignIds?: number[];
  rules: RuleForm[];
  /** Only the types whose balance is adjusted: the plan computes the others. */
  startingBalances?: StartingBalance[];
  /** The edit panel: people taken off the plan for `year`. */
  removeIds?: number[];
}

/** A rule as the server reads it: the rate and the limits trimmed, the unit 1 for fixed methods. */
export const ruleBody = (rule: RuleForm) => ({
  ...rule,
  rate: rule.rate.trim(),
  rateUnit: FIXED_METHODS.includes(rule.method) ? '1' : rule.rateUnit.trim(),
  yearlyAccrualCap: rule.yearlyAccrualCap.trim(),
  yearlyUseCap: rule.yearlyUseCap.trim(),
  usableAfterDays: rule.usableAfterDays.trim(),
  minIncrement: rule.minIncrement.trim(),
});

const toBody = (plan: PlanForm) => ({ ...plan, rules: plan.rules.map(ruleBody) });

/** One type of a person in the balance detail: balances (minutes) under their plan and under the new one. */
export const balanceTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  includedInCurrentPlan: z.boolean(),
  includedInNewPlan: z.boolean(),
  balanceOfCurrentPlan: z.number(),
  balanceOfNewPlan: z.number(),
});
export type BalanceType = z.output<typeof balanceTypeSchema>;

/** 002 §3 "Balance detail per employee"; `currentPlanId` is the plan they have that year (null: none). */
export const balancePersonSchema = z.object({
  employeeId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  currentPlanId: z.number().int().nullable(),
  types: z.array(balanceTypeSchema),
});
export type BalancePerson = z.output<typeof balancePersonSchema>;

/** The server answers `{ employees: [...] }`. */
export const balanceDetailSchema = z.object({ employees: z.array(balancePersonSchema) }).transform((detail) => detail.employees);

/** Whom the plan is for, the year and the plan: the wizard's unsaved rules, or a saved plan's id (rules empty). */
export interface BalanceDetailRequest {
  assignType: Exclude<AssignType, 'none'>;
  assignIds: number[];
  year: number;
  rules: RuleForm[];
  ptoPolicyId?: number;
}

/** POST /settings/get-balance-detail: each active person the assignment names, with both plans' balances. */
export const balanceDetailQueryOptions = (request: BalanceDetailRequest) =>
  queryOptions({
    // Not under ['pto']: a plan save must not ask for the detail of the modal it closes.
    queryKey: ptoKeys.balanceDetail(request),
    queryFn: () => api.post('/settings/get-balance-detail', { ...request, rules: request.rules.map(ruleBody) }, { schema: balanceDetailSchema }),
    // Balances move with every booking: always asked afresh, never kept.
    staleTime: 0,
    gcTime: 0,
  });

/** The balance detail of `request`; nothing is asked while it is null. */
export const useBalanceDetail = (request: BalanceDetailRequest | null) =>
  useQuery({
    ...balanceDetailQueryOptions(request ?? { assignType: 'teamMembers', assignIds: [], year: 0, rules: [] }),
    enabled: request !== null,
  });

/** A change to the PTO set-up recalculates balances: every PTO view, the settings lists and the employee list follow. */
export function usePtoSetupMutation<T, R>(call: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ptoKeys.manageData });
      await queryClient.invalidateQueries({ queryKey: ptoKeys.all });
      await queryClient.invalidateQueries({ queryKey: otherKeys.settingsData });
      await queryClient.invalidateQueries({ queryKey: otherKeys.employees });
    },
  });
}

/** POST /settings/save-pto-plan: the wizard's submit. */
export const useSavePlan = () => usePtoSetupMutation((plan: PlanForm) => api.post('/settings/save-pto-plan', toBody(plan), { schema: planSchema }));

/** POST /settings/update-pto-policy: the edit panel (name, rules, people added or taken off for a year). */
export const useUpdatePlan = () => usePtoSetupMutation((plan: PlanForm) => api.post('/settings/update-pto-policy', toBody(plan), { schema: planSchema }));

/** POST /settings/inactive-pto-policy?id: deletes a plan nobody is enrolled in. */
export const useDeletePlan = () =>
  usePtoSetupMutation((id: number) => api.request('/settings/inactive-pto-policy', { method: 'POST', query: { id }, schema: z.object({ id: z.number() }) }));
