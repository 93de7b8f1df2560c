import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { formatHolidayDate } from './holidays';
import { otherKeys, ptoKeys } from './keys';

/** 001 §9: a PTO-available value of -1000 means PTO is not set up. */
export const PTO_NOT_SET_UP = -1000;

/** One PTO type of the employee (001 §3); amounts in minutes, as the engine computes them. */
export const ptoRowSchema = z.object({
  ptoTypeId: z.number().int(),
  name: z.string(),
  color: z.string(),
  status: z.number().int(),
  method: z.string().nullable(),
  rate: z.number().nullable(),
  rateUnit: z.number().int().nullable(),
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  eligibleMonths: z.number().int(),
  startingBalance: z.number().int(),
  manuallyAddedHours: z.number().int(),
  carryover: z.number().int(),
  earnedHours: z.number().int(),
  used: z.number().int(),
  forfeited: z.number().int(),
  balance: z.number().int(),
  maxCarryover: z.number().int().nullable(),
  maxBalance: z.number().int().nullable(),
});
export type PtoRow = z.output<typeof ptoRowSchema>;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  date: z.string(),
  year: z.number().int(),
  ptoTypeId: z.number().int(),
  ptoTypeName: z.string(),
  policyName: z.string().nullable(),
  minutes: z.number().int(),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/**
 * A change to the rules of a plan the employee was enrolled in: why balances moved without an entry
 * of their own. `before` is null for a rule added, `after` null for one removed (rule summaries).
 */
export const ruleChangeSchema = z.object({
  id: z.number().int(),
  /** The company's day of the change, YYYY-MM-DD. */
  date: z.string(),
  changedBy: z.string().nullable(),
  planName: z.string(),
  ptoTypeName: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type RuleChange = z.output<typeof ruleChangeSchema>;

/** The PTO history's dates: MM/DD/YYYY like every date (002 §9 had MM-DD-YYYY), from the server's YYYY-MM-DD. */
export const formatHistoryDate = formatHolidayDate;

/** A rule change as the PTO history lists it: '11/25/2026 · Standard · Vacation: 80 hrs/year → 120 hrs/year · by Alice Admin'. */
export function ruleChangeText(change: RuleChange): string {
  const what =
    change.before === null ? `added: ${change.after ?? ''}` : change.after === null ? `removed (was ${change.before})` : `${change.before} → ${change.after}`;
  const parts = [formatHistoryDate(change.date), change.planName, `${change.ptoTypeName}: ${what}`];
  if (change.changedBy) parts.push(`by ${change.changedBy}`);
  return parts.join(' · ');
}

export const employeePtoSchema = z.object({
  employeeId: z.number().int(),
  year: z.number().int(),
  ptoPolicyId: z.number().int().nullable(),
  ptoPlanName: z.string().nullable(),
  available: z.number().int(),
  /** The first day of employment when it is still to come (nothing has accrued yet). */
  startsOn: z.string().nullable().optional(),
  types: z.array(ptoRowSchema),
  history: z.array(historyEntrySchema),
  /** Changes to the rules of the plans the employee was in, newest first. */
  ruleChanges: z.array(ruleChangeSchema),
  /**
   * Someone exempt from overtime: the hours a week (1 to 40) their per-hour-worked accrual assumes,
   * spread over the weekdays, instead of the clock's hours; null: hours worked count.
   */
  assumedWeeklyHours: z.number().int().nullable().optional(),
});
export type EmployeePto = z.output<typeof employeePtoSchema>;

/** Minutes shown as hours with two decimals (002 §9). */
export const hours = (minutes: number): string => (minutes / 60).toFixed(2);

/** GET /manage/employee-pto?id: the plan in force, a row per type and the history entries. */
export const employeePtoQueryOptions = (id: number) =>
  queryOptions({ queryKey: ptoKeys.employee(id), queryFn: () => api.get('/manage/employee-pto', { query: { id }, schema: employeePtoSchema }) });

export const useEmployeePto = (id: number) => useQuery(employeePtoQueryOptions(id));

/** 001 §5: hours are decimal with up to two decimals, not 0, within a leap year's hours (the server's words). */
export const MANUAL_HOURS_MESSAGE = 'Please input a number of hours other than 0, with at most two decimals, between -8784 and 8784 (e.g. 12.5)';
export const isManualHours = (text: string): boolean =>
  /^-?\d+(\.\d{1,2})?$/.test(text.trim()) && Number(text) !== 0 && Math.abs(Number(text)) <= 8784;

/** The most a manual addition's reason may hold (the server's count of characters). */
export const MANUAL_REASON_MAX = 200;

/** Characters as the server counts them (code points, not UTF-16 units). */
export const reasonLength = (text: string): number => [...text.trim()].length;

export interface ManualAddition {
  employeeId: number;
  ptoTypeId: number;
  year: number;
  hours: string;
  /** Why (optional): 'Why this balance?' shows it after the admin's name. */
  reason?: string;
}

function useEmployeePtoMutation<T>(employeeId: number, call: (value: T) => Promise<EmployeePto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (pto) => {
      queryClient.setQueryData(ptoKeys.employee(employeeId), pto);
      // The HR-folder list shows the balance too, and the folder's timeline records manual additions.
      await queryClient.invalidateQueries({ queryKey: otherKeys.employees });
      // 'Why this balance?' lists additions by hand and starting balances.
      await queryClient.invalidateQueries({ queryKey: ptoKeys.balanceExplanations });
      await queryClient.invalidateQueries({ queryKey: otherKeys.folderActivities(employeeId) });
    },
  });
}

/** POST /manage/manually-add-pto (admins, for others); an empty reason is left out. */
export const useManuallyAddPto = (employeeId: number) =>
  useEmployeePtoMutation(employeeId, ({ reason, ...value }: ManualAddition) => {
    const why = reason?.trim() ?? '';
    return api.post('/manage/manually-add-pto', { ...value, hours: value.hours.trim(), ...(why ? { reason: why } : {}) }, { schema: employeePtoSchema });
  });

/** The server's words for an assumed week out of range. */
export const ASSUMED_HOURS_MESSAGE = 'Please input whole hours from 1 to 40, or leave it empty for hours worked';

export interface AssumedWeek {
  employeeId: number;
  /** Whole hours from 1 to 40; '' goes back to hours worked. */
  weeklyHours: number | '';
}

/** POST /manage/employee-pto-assumed-hours (admins, for others): answers the employee's PTO. */
export const useSaveAssumedWeek = (employeeId: number) =>
  useEmployeePtoMutation(employeeId, (value: AssumedWeek) =>
    api.post('/manage/employee-pto-assumed-hours', value, { schema: employeePtoSchema }),
  );

/** POST /manage/remove-manual-pto-addition {id}. */
export const useRemoveManualAddition = (employeeId: number) =>
  useEmployeePtoMutation(employeeId, (id: number) => api.post('/manage/remove-manual-pto-addition', { id }, { schema: employeePtoSchema }));

/** PTO-manage data: the plans and types the set-up offers (GET /pto-manage/data). */
export const ptoManagePlansSchema = z.object({
  ptoPolicies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.string(),
      rules: z.array(z.object({ ptoTypeId: z.number().int(), status: z.number().int(), summary: z.string() })),
    }),
  ),
  ptoTypes: z.array(z.object({ id: z.number().int(), name: z.string(), payable: z.number().int() })),
  currentYear: z.number().int(),
});
export type PtoManagePlans = z.output<typeof ptoManagePlansSchema>;

export const usePtoManagePlans = (enabled: boolean) =>
  useQuery({
    queryKey: ptoKeys.managePlans,
    queryFn: () => api.get('/pto-manage/data', { schema: ptoManagePlansSchema }),
    enabled,
  });

/** 002 §5: an optional minus, digits, optional decimals. */
export const STARTING_BALANCE_MESSAGE = 'Please input a number of hours, e.g. 12.5';
export const isStartingBalance = (text: string): boolean => /^-?\d+(\.\d+)?$/.test(text.trim());

export interface EmployeeSetup {
  employeeId: number;
  ptoPolicyId: number;
  year: number;
  types: { ptoTypeId: number; startingBalance: string }[];
  copyTo: number[];
}

/** POST /manage/save-employee-pto-types: the plan for a year with starting balances, copied to others. */
export const useSaveEmployeeSetup = (employeeId: number) =>
  useEmployeePtoMutation(employeeId, (value: EmployeeSetup) =>
    api.post('/manage/save-employee-pto-types', value, { schema: employeePtoSchema }),
  );

/** POST /manage/delete-pto-plan-switch-history {id}: undoes the switch a NEW_PTO_PLAN entry made. */
export const useUndoSwitch = (employeeId: number) =>
  useEmployeePtoMutation(employeeId, (id: number) => api.post('/manage/delete-pto-plan-switch-history', { id }, { schema: employeePtoSchema }));
