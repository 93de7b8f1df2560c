/**
 * Tests only: a fake server for the PTO plan and rule screens (GET /pto-manage/data and the rule
 * and plan calls), holding the plans so a change shows after the screen refetches.
 */
import { bodyOf, mockFetch, response } from '@/testing/http';
import type { PlanRule, PtoPlan } from '../api/plans';
import type { PtoType } from '../api/pto-types';
import { LAST_RULE } from '../api/rules';

export const ptoType = (fields: Partial<PtoType>): PtoType => ({
  id: 5,
  name: 'Vacation',
  color: '#2f9e44',
  payable: 1,
  available: 1,
  allowDelete: false,
  overrides: [],
  ...fields,
});

export const TYPES: PtoType[] = [
  ptoType({ id: 5, name: 'Vacation' }),
  ptoType({ id: 6, name: 'Sick', color: '#c2255c' }),
  ptoType({ id: 8, name: 'Floating', color: '#1c7ed6', allowDelete: true }),
  ptoType({ id: 9, name: 'Unpaid leave', payable: 0, allowDelete: true }),
];

export const planRule = (fields: Partial<PlanRule>): PlanRule => ({
  id: 31,
  ptoPolicyId: 3,
  ptoTypeId: 5,
  status: 1,
  method: 'PER_CALENDAR_YEAR',
  rate: 80,
  rateUnit: 1,
  prorated: true,
  waitingPeriodEnabled: false,
  waitingPeriod: null,
  startAfterWaitingPeriod: false,
  carryoverPolicy: 'allowCarryover',
  maxCarryoverEnabled: false,
  maxCarryover: null,
  maxBalanceEnabled: false,
  maxBalance: null,
  yearlyAccrualCap: null,
  yearlyUseCap: null,
  usableAfterDays: null,
  usableCounting: null,
  minIncrement: null,
  accrualPeriod: 'months',
  rateBasis: 'perPeriod',
  periodAnchor: 'joining',
  creditOn: 'periodEnd',
  rounding: 'none',
  carryoverExpiresAfter: null,
  carryoverExpiryUnit: null,
  yearStart: 'default',
  fiscalYearStart: null,
  serviceTiers: [],
  anniversaryBased: false,
  summary: '80 hrs/year',
  ...fields,
});

export const ptoPlan = (fields: Partial<PtoPlan>): PtoPlan => ({
  id: 3,
  name: 'Standard',
  kind: 'Fixed',
  rules: [],
  associatedYears: [2026],
  numOfEnrolledEmployees: [],
  enrolledEmployeeCount: 0,
  deletable: true,
  ...fields,
});

/** Standard (2 enrolled in 2026; Vacation and Sick) and Part-time (nobody; Vacation only). */
export const PLANS: PtoPlan[] = [
  ptoPlan({
    id: 3,
    name: 'Standard',
    rules: [planRule({ id: 31 }), planRule({ id: 32, ptoTypeId: 6, rate: 40, summary: '40 hrs/year' })],
    numOfEnrolledEmployees: [{ year: 2026, count: 2 }],
    enrolledEmployeeCount: 2,
    deletable: false,
  }),
  ptoPlan({
    id: 4,
    name: 'Part-time',
    kind: 'Accrued',
    rules: [planRule({ id: 41, ptoPolicyId: 4, method: 'PER_HOUR_WORKED', rate: 1, rateUnit: 30, summary: '1 hrs per 30 worked hours' })],
  }),
];

const FIXED = ['PER_CALENDAR_YEAR', 'PER_ANNIVERSARY'];

type Routes = Parameters<typeof mockFetch>[0];

/**
 * The fake server. While `state.refuse` is set a rule save answers 400 with those field errors; a
 * rule id in `state.conflictOn` is refused deletion (409) like a plan's last rule. `extra` adds routes.
 */
export function ptoManageServer({ plans = PLANS, types = TYPES, extra = {} }: { plans?: PtoPlan[]; types?: PtoType[]; extra?: Routes } = {}) {
  const state = { plans: structuredClone(plans), refuse: null as Record<string, string[]> | null, conflictOn: new Set<number>() };
  let nextRuleId = 100;
  const fetch = mockFetch({
    'GET /pto-manage/data': () =>
      response({
        json: {
          ptoTypes: types,
          ptoPolicies: state.plans,
          ptoRules: state.plans.flatMap((plan) => plan.rules),
          jobRoles: [],
          paidHolidays: [],
          currentYear: 2026,
        },
      }),
    'GET /manage/employees': () => response({ json: { employees: [], count: 0 } }),
    'GET /pto-manage/plan-employees': () => response({ json: { employees: [] } }),
    'POST /settings/update-pto-rule': (init) => {
      if (state.refuse) {
        return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Please check the rule', errors: state.refuse } });
      }
      const body = bodyOf(init) as { id?: number; ptoPolicyId: number; ptoTypeId: number; method: string; rate: string; rateUnit: string };
      const plan = state.plans.find((candidate) => candidate.id === body.ptoPolicyId);
      if (!plan) return response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'Not found', errors: {} } });
      const summary = FIXED.includes(body.method) ? `${body.rate} hrs/year` : `${body.rate} hrs per ${body.rateUnit} worked hours`;
      const saved = planRule({
        id: body.id ?? nextRuleId++,
        ptoPolicyId: plan.id,
        ptoTypeId: body.ptoTypeId,
        method: body.method,
        rate: Number(body.rate),
        rateUnit: Number(body.rateUnit),
        summary,
      });
      plan.rules = body.id === undefined ? [...plan.rules, saved] : plan.rules.map((rule) => (rule.id === body.id ? saved : rule));
      return response({ json: plan });
    },
    'POST /settings/inactive-pto-rule': ({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      const plan = state.plans.find((candidate) => candidate.rules.some((rule) => rule.id === id));
      if (!plan) return response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'Not found', errors: {} } });
      if (plan.rules.length === 1 || state.conflictOn.has(id)) {
        return response({ status: 409, statusText: 'Conflict', json: { code: 'conflict', message: LAST_RULE, errors: {} } });
      }
      plan.rules = plan.rules.filter((rule) => rule.id !== id);
      return response({ json: { id } });
    },
    'POST /settings/inactive-pto-policy': ({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      state.plans = state.plans.filter((plan) => plan.id !== id);
      return response({ json: { id } });
    },
    ...extra,
  });
  return { fetch, state };
}

/** The calls made to `path` (without /server/v1), with their url and init. */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls
    .filter(([url]) => String(url).startsWith(`/server/v1${path}`))
    .map(([url, init]) => ({ url: String(url), init: init as RequestInit }));
