import { employeesKeys } from '@/lib/employees';
import { settingsDataKey } from '@/lib/settings-data';

/**
 * Query keys of PTO. Every PTO query sits under `all`, so a plan or balance change anywhere
 * invalidates them together (the allocation, each employee's PTO, the time-off screen); a change of
 * the time-off screen invalidates `timeOff`; a holiday change invalidates `holidays` and
 * `manageData` (GET /pto-manage/data carries this year's holidays). The balance detail is not under
 * `all`: a plan save must not ask for the detail of the modal it closes.
 */
export const ptoKeys = {
  all: ['pto'] as const,
  /** GET /pto-manage/data: types, plans with their rules and enrolled counts, job roles. */
  manageData: ['pto', 'manage-data'] as const,
  /** GET /pto-manage/data as the folder's set-up dock reads it. */
  managePlans: ['pto', 'manage-data', 'plans'] as const,
  planEmployees: (planId: number, year: string) => ['pto', 'plan-employees', planId, year] as const,
  balanceDetail: (request: object) => ['pto-balance-detail', request] as const,
  allocation: (year: number | null) => ['pto', 'allocation', year] as const,
  employee: (id: number) => ['pto', 'employee', id] as const,
  /** Every query of the time-off screen. */
  timeOff: ['pto', 'time-off'] as const,
  timeOffData: (eid: number | null) => ['pto', 'time-off', 'data', eid] as const,
  timeOffHistory: (eid: number | null) => ['pto', 'time-off', 'history', eid] as const,
  timeOffBalance: (eid: number | null, asOf: string) => ['pto', 'time-off', 'balance', eid, asOf] as const,
  timeOffAgenda: (start: string, end: string, excludedEmployeeId: number, types: string) =>
    ['pto', 'time-off', 'agenda', start, end, excludedEmployeeId, types] as const,
  timeOffValidate: (bodyJson: string | null) => ['pto', 'time-off', 'validate', bodyJson] as const,
  /** Every holiday query: a change to the holidays refreshes lists and employees' hours. */
  holidays: ['holidays'] as const,
  /** `year` null: the company's current year, which the answer names. */
  holidayList: (year: number | null) => ['holidays', 'list', year] as const,
  employeeHolidays: (employeeId: number) => ['holidays', 'employee', employeeId] as const,
  /** GET /pto-manage/sick-leave-laws: the laws, the company's headcount and its address's laws. */
  sickLeaveLaws: ['pto', 'sick-leave', 'laws'] as const,
  /**
   * GET /pto-manage/sick-leave-compliance: under `all`, so every plan or rule change (each goes
   * through `usePtoSetupMutation`, which invalidates `all`) asks the plans' compliance again.
   */
  sickLeaveCompliance: ['pto', 'sick-leave', 'compliance'] as const,
  /** POST /pto-manage/sick-leave-check of a rule being typed; not under `all`, like the balance detail. */
  sickLeaveCheck: (bodyJson: string | null) => ['pto-sick-leave-check', bodyJson] as const,
  /**
   * GET /pto-manage/accrual-health (admins only): under `all`, so a plan or rule change (a fix of
   * the broken rule it names) asks again.
   */
  accrualHealth: ['pto', 'accrual-health'] as const,
  /**
   * GET /pto/balance-explanation?eid ('Why this balance?'): under `timeOff` (a request, a cancel or a
   * removal refreshes it) and `all` (approvals, plans, allocations); a manual addition or a plan
   * switch of the folder invalidates `balanceExplanations`.
   */
  balanceExplanations: ['pto', 'time-off', 'explanation'] as const,
  balanceExplanation: (eid: number | null) => ['pto', 'time-off', 'explanation', eid] as const,
};

/** Keys of other screens a PTO write refreshes, named here by their keys only. */
export const otherKeys = {
  /** GET /settings/data (`src/lib/settings-data`): the PTO types and the plans' names. */
  settingsData: settingsDataKey,
  /** Every employee list (the HR-folder list shows each person's balance). */
  employees: employeesKeys.all,
  /** The employee folder's activity timeline, which records manual additions. */
  folderActivities: (employeeId: number) => ['manage', 'employee', employeeId, 'activities'] as const,
};
