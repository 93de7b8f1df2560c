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
  /**
   * The accrual settings (each as the server names it; a rule without them, such as an older
   * law preset, reads as the defaults).
   */
  accrualPeriod: z.string().default('months'),
  rateBasis: z.string().default('perPeriod'),
  periodAnchor: z.string().default('joining'),
  creditOn: z.string().default('periodEnd'),
  rounding: z.string().default('none'),
  carryoverExpiresAfter: z.number().int().nullable().default(null),
  carryoverExpiryUnit: z.string().nullable().default(null),
  yearStart: z.string().default('default'),
  fiscalYearStart: z.string().nullable().default(null),
  serviceTiers: z.array(z.object({ fromYear: z.number().int(), rate: z.number() })).default([]),
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
  /** Per pay period rules: months (of `rateUnit`), weeks, two weeks or half months. */
  accrualPeriod: AccrualPeriod;
  /** Per pay period rules: the rate is each period's, or a year's split across the periods. */
  rateBasis: RateBasis;
  /** Per pay period rules: periods from the joining date, or calendar periods (always for half months). */
  periodAnchor: PeriodAnchor;
  /** Per pay period rules: the day a period's hours are credited. */
  creditOn: CreditOn;
  rounding: Rounding;
  /** Carried-over hours expire after this many days or months ('' for never). */
  carryoverExpiresAfter: string;
  carryoverExpiryUnit: ExpiryUnit;
  /** Accruing rules: when their year starts. */
  yearStart: YearStart;
  /** The fiscal year's first day, MM-DD ('' unless the year is fiscal). */
  fiscalYearStart: string;
  /** Rates from a year of service on, in the rule's unit (at most `MAX_TIERS`). */
  serviceTiers: ServiceTierForm[];
}

export type UsableCounting = 'fromDay' | 'afterDays';

/** The accrual settings' choices, with their labels; the first of each is the default. */
export const ACCRUAL_PERIODS = [
  { value: 'months', label: 'Months' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'semiMonthly', label: 'Twice a month' },
] as const;
export const RATE_BASES = [
  { value: 'perPeriod', label: 'Hours per period' },
  { value: 'perYear', label: 'Hours a year, split across the periods' },
] as const;
export const PERIOD_ANCHORS = [
  { value: 'joining', label: 'Counted from the joining date' },
  { value: 'calendar', label: 'Calendar periods (the joining period prorated)' },
] as const;
export const CREDIT_DAYS = [
  { value: 'periodEnd', label: 'Last day of the period' },
  { value: 'periodStart', label: 'First day of the period (the joining day with periods from the joining date)' },
] as const;
export const ROUNDINGS = [
  { value: 'none', label: 'No rounding (exact, to the minute)' },
  { value: 'minute', label: 'Each credit to the nearest minute' },
  { value: 'quarterHour', label: 'Nearest 0.25 h' },
  { value: 'halfHour', label: 'Nearest 0.5 h' },
  { value: 'hour', label: 'Nearest hour' },
  { value: 'day', label: 'Whole days of 8 h' },
] as const;
export const EXPIRY_UNITS = [
  { value: 'days', label: 'Days' },
  { value: 'months', label: 'Months' },
] as const;
export const YEAR_STARTS = [
  { value: 'default', label: '1 January' },
  { value: 'hireAnniversary', label: 'Hire anniversary' },
  { value: 'fiscal', label: 'Fiscal year' },
] as const;

export type AccrualPeriod = (typeof ACCRUAL_PERIODS)[number]['value'];
export type RateBasis = (typeof RATE_BASES)[number]['value'];
export type PeriodAnchor = (typeof PERIOD_ANCHORS)[number]['value'];
export type CreditOn = (typeof CREDIT_DAYS)[number]['value'];
export type Rounding = (typeof ROUNDINGS)[number]['value'];
export type ExpiryUnit = (typeof EXPIRY_UNITS)[number]['value'];
export type YearStart = (typeof YEAR_STARTS)[number]['value'];

/** A service tier as typed: from year `fromYear` of service, `rate` hours. */
export interface ServiceTierForm {
  fromYear: string;
  rate: string;
}

/** The server takes at most six service tiers. */
export const MAX_TIERS = 6;

export const FIXED_METHODS = ['PER_CALENDAR_YEAR', 'PER_ANNIVERSARY'];
/** The methods whose hours accrue (their year may start elsewhere than 1 January). */
export const ACCRUING_METHODS = ['PER_PAY_PERIOD', 'PER_HOUR_WORKED'];

/** A per pay period rule whose periods are weeks, two weeks or half months: its rate unit is 1. */
export const hasOtherPeriods = (rule: Pick<RuleForm, 'method' | 'accrualPeriod'>): boolean => rule.method === 'PER_PAY_PERIOD' && rule.accrualPeriod !== 'months';

/** The accrual settings of a rule form. */
type AccrualSettings = Pick<
  RuleForm,
  'accrualPeriod' | 'rateBasis' | 'periodAnchor' | 'creditOn' | 'rounding' | 'carryoverExpiresAfter' | 'carryoverExpiryUnit' | 'yearStart' | 'fiscalYearStart' | 'serviceTiers'
>;

/** The settings' defaults (today's behaviour). */
export const defaultSettings = (): AccrualSettings => ({
  accrualPeriod: 'months',
  rateBasis: 'perPeriod',
  periodAnchor: 'joining',
  creditOn: 'periodEnd',
  rounding: 'none',
  carryoverExpiresAfter: '',
  carryoverExpiryUnit: 'days',
  yearStart: 'default',
  fiscalYearStart: '',
  serviceTiers: [],
});

/** True when any accrual setting differs from its default. */
export const hasAccrualSettings = (rule: RuleForm): boolean =>
  Object.entries(defaultSettings()).some(([key, value]) => JSON.stringify(rule[key as keyof AccrualSettings]) !== JSON.stringify(value));

/** 002 §2: choosing a method resets the rule: prorated, no waiting period, carryover allowed, no caps, the default settings. */
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
  ...defaultSettings(),
});

/** A number the server may leave out, as a field holds it. */
const optionalText = (value: number | null): string => (value === null ? '' : String(value));

/** One of `choices`' values, else the first (the default). */
function choiceOf<T extends string>(choices: readonly { value: T }[], value: string | null): T {
  return choices.find((choice) => choice.value === value)?.value ?? choices[0]!.value;
}

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
  accrualPeriod: choiceOf(ACCRUAL_PERIODS, rule.accrualPeriod),
  rateBasis: choiceOf(RATE_BASES, rule.rateBasis),
  periodAnchor: choiceOf(PERIOD_ANCHORS, rule.periodAnchor),
  creditOn: choiceOf(CREDIT_DAYS, rule.creditOn),
  rounding: choiceOf(ROUNDINGS, rule.rounding),
  carryoverExpiresAfter: optionalText(rule.carryoverExpiresAfter),
  carryoverExpiryUnit: choiceOf(EXPIRY_UNITS, rule.carryoverExpiryUnit),
  yearStart: choiceOf(YEAR_STARTS, rule.yearStart),
  fiscalYearStart: rule.fiscalYearStart ?? '',
  serviceTiers: rule.serviceTiers.map((tier) => ({ fromYear: String(tier.fromYear), rate: String(tier.rate) })),
});

const RATE = /^\d+(\.\d{1,2})?$/;
const DIGITS = /^\d+$/;

/** Issue 38: the server's texts for the sick-leave limits. */
export const LIMIT_TEXTS = {
  cap: 'Please input whole hours from 1 to 1,000',
  days: 'Please input whole days from 1 to 730',
  minIncrement: 'Please input hours from 0.25 to 8, with at most 2 decimals',
} as const;

/** The server's texts for the accrual settings it shares with the form's own checks. */
export const SETTINGS_TEXTS = {
  expiryDays: 'Please input whole days from 1 to 730',
  expiryMonths: 'Please input whole months from 1 to 24',
  tierYear: 'Please input a year of service from 2 to 50',
  tierDuplicate: 'Each year of service can have only one rate',
  tierRate: 'Please input a number of hours, 0 or more, with at most 2 decimals',
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

/**
 * The problems of the accrual settings the form can see: the expiry (when something is carried
 * over) and each tier's year and rate. Whether a fiscal day is a day of every year, and the
 * rest, is the server's to say (its message comes back under the field).
 */
function settingsProblems(rule: RuleForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (rule.carryoverPolicy === 'allowCarryover') {
    const max = rule.carryoverExpiryUnit === 'months' ? 24 : 730;
    if (!inRange(rule.carryoverExpiresAfter, max)) problems.carryoverExpiresAfter = max === 24 ? SETTINGS_TEXTS.expiryMonths : SETTINGS_TEXTS.expiryDays;
  }
  const years: string[] = [];
  rule.serviceTiers.forEach((tier, index) => {
    const year = tier.fromYear.trim();
    if (!DIGITS.test(year) || Number(year) < 2 || Number(year) > 50) problems[`serviceTiers[${index}].fromYear`] = SETTINGS_TEXTS.tierYear;
    else if (years.includes(String(Number(year)))) problems[`serviceTiers[${index}].fromYear`] = SETTINGS_TEXTS.tierDuplicate;
    years.push(String(Number(year)));
    if (!RATE.test(tier.rate.trim())) problems[`serviceTiers[${index}].rate`] = SETTINGS_TEXTS.tierRate;
  });
  return problems;
}

/** 002 §5 "Rule wizard step": the problems of one rule by field, empty when it is done. */
export function ruleProblems(rule: RuleForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const fixed = FIXED_METHODS.includes(rule.method);
  if (!rule.method) problems.method = 'Please choose how this type is given';
  if (!rule.rate.trim()) problems.rate = fixed ? 'Please input the Hours per year' : 'Please input the hours';
  else if (!RATE.test(rule.rate.trim())) problems.rate = 'Please input a number with at most two decimals';
  if (!fixed && !hasOtherPeriods(rule) && (!DIGITS.test(rule.rateUnit.trim()) || Number(rule.rateUnit) === 0)) problems.rateUnit = 'Please input a whole number above 0';
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
  return { ...problems, ...settingsProblems(rule) };
}

/** A per pay period rule's period in words, as the server says it: '3 months', 'week', '2 weeks', 'half month'. */
export function periodWords(rule: Pick<RuleForm, 'accrualPeriod' | 'rateUnit'>): string {
  switch (rule.accrualPeriod) {
    case 'weekly':
      return 'week';
    case 'biweekly':
      return '2 weeks';
    case 'semiMonthly':
      return 'half month';
    default:
      return `${rule.rateUnit} months`;
  }
}

/** 002 §9: the rule's summary as the recap shows it (as the server's `summary`). */
export function ruleSummary(rule: RuleForm): string {
  if (FIXED_METHODS.includes(rule.method)) return `${rule.rate} hrs/year`;
  if (rule.method === 'PER_HOUR_WORKED') return `${rule.rate} hrs per ${rule.rateUnit} worked hours`;
  if (rule.rateBasis === 'perYear') return `${rule.rate} hrs/year, credited per ${periodWords(rule)}`;
  return `${rule.rate} hrs per ${periodWords(rule)}`;
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

/**
 * A rule as the server reads it: the rate and the limits trimmed, the unit 1 for fixed methods and
 * for periods other than months. A setting the rule's method or carryover has no place for goes
 * as its default (the server refuses it otherwise); half months are always calendar periods.
 */
export const ruleBody = (rule: RuleForm) => {
  const payPeriod = rule.method === 'PER_PAY_PERIOD';
  const yearStart = ACCRUING_METHODS.includes(rule.method) ? rule.yearStart : 'default';
  return {
    ...rule,
    rate: rule.rate.trim(),
    rateUnit: FIXED_METHODS.includes(rule.method) || hasOtherPeriods(rule) ? '1' : rule.rateUnit.trim(),
    yearlyAccrualCap: rule.yearlyAccrualCap.trim(),
    yearlyUseCap: rule.yearlyUseCap.trim(),
    usableAfterDays: rule.usableAfterDays.trim(),
    minIncrement: rule.minIncrement.trim(),
    accrualPeriod: payPeriod ? rule.accrualPeriod : 'months',
    rateBasis: payPeriod ? rule.rateBasis : 'perPeriod',
    periodAnchor: !payPeriod ? 'joining' : rule.accrualPeriod === 'semiMonthly' ? 'calendar' : rule.periodAnchor,
    creditOn: payPeriod ? rule.creditOn : 'periodEnd',
    carryoverExpiresAfter: rule.carryoverPolicy === 'allowCarryover' ? rule.carryoverExpiresAfter.trim() : '',
    yearStart,
    fiscalYearStart: yearStart === 'fiscal' ? rule.fiscalYearStart.trim() : '',
    serviceTiers: rule.serviceTiers.map((tier) => ({ fromYear: tier.fromYear.trim(), rate: tier.rate.trim() })),
  };
};

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
