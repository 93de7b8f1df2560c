import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api, ApiError } from '@/lib/api-client';
import { hours, isStartingBalance } from './employee-pto';
import { otherKeys, ptoKeys } from './keys';

/** One type of an employee's plan and the starting balance set for it (minutes; null: none set). */
export const allocationBalanceSchema = z.object({
  ptoTypeId: z.number().int(),
  startingBalance: z.number().int().nullable(),
});

/** An active employee: the plan for the year (none: no types) and its types' starting balances. */
export const allocationRowSchema = z.object({
  employeeId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  jobRole: z.string().nullable(),
  ptoPolicyId: z.number().int().nullable(),
  ptoPlanName: z.string().nullable(),
  types: z.array(allocationBalanceSchema),
});
export type AllocationRow = z.output<typeof allocationRowSchema>;

/** GET /pto-manage/allocation: the year, the years one may choose (current, next), the company's payable types. */
export const allocationSchema = z.object({
  year: z.number().int(),
  years: z.array(z.number().int()),
  types: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  employees: z.array(allocationRowSchema),
});
export type Allocation = z.output<typeof allocationSchema>;

/** 001 §8 success text. */
export const ALLOCATION_SAVED = 'PTO information has been saved.';

/** GET /pto-manage/allocation?year (admins): the company's current year without `year`. */
export const allocationQueryOptions = (year: number | null) =>
  queryOptions({
    queryKey: ptoKeys.allocation(year),
    queryFn: () => api.get('/pto-manage/allocation', { query: { year }, schema: allocationSchema }),
    // Switching years keeps the previous year's rows until the next arrive.
    placeholderData: keepPreviousData,
  });
export const useAllocation = (year: number | null) => useQuery(allocationQueryOptions(year));

/**
 * A stored starting balance as its field shows it: whole hours when the minutes divide evenly
 * ('12'), else the hours with two decimals as stored ('12.50'); empty when none is set.
 */
export const allocationText = (minutes: number | null): string => (minutes === null ? '' : minutes % 60 === 0 ? String(minutes / 60) : hours(minutes));

const nonDigits = (text: string) => text.replace(/\d/g, '');

/**
 * 001 §5 "PTO allocation balance inputs accept digits only": the field takes `next` only when it
 * adds no character but digits. Characters of a prefilled value (the '.' of '12.50', a '-') may stay
 * or be deleted, never typed anew; everything else typed or pasted is refused as a whole.
 */
export function acceptsDigitsOnly(previous: string, next: string): boolean {
  const kept = nonDigits(previous);
  let at = 0;
  for (const char of nonDigits(next)) {
    at = kept.indexOf(char, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}

/** One field the admin changed: an employee's plan, a type of it and the hours as typed. */
export interface AllocationChange {
  employeeId: number;
  ptoPolicyId: number;
  ptoTypeId: number;
  hours: string;
}

/** The key of one field: `{employeeId}:{ptoTypeId}`. */
export const fieldKey = (employeeId: number, ptoTypeId: number) => `${employeeId}:${ptoTypeId}`;

/**
 * The fields that differ from what is stored: non-empty (an emptied field keeps its balance: there
 * is no removing one here) and not the stored value's text. Rows without a plan have no fields.
 */
export function allocationChanges(allocation: Allocation, edits: Record<string, string>): AllocationChange[] {
  const changes: AllocationChange[] = [];
  for (const row of allocation.employees) {
    if (row.ptoPolicyId === null) continue;
    for (const balance of row.types) {
      const text = edits[fieldKey(row.employeeId, balance.ptoTypeId)]?.trim();
      if (text === undefined || text === '' || text === allocationText(balance.startingBalance)) continue;
      changes.push({ employeeId: row.employeeId, ptoPolicyId: row.ptoPolicyId, ptoTypeId: balance.ptoTypeId, hours: text });
    }
  }
  return changes;
}

/** The changes whose text is no number of hours (a kept '.' or '-' left alone), by field key. */
export const invalidChanges = (changes: AllocationChange[]): string[] =>
  changes.filter((change) => !isStartingBalance(change.hours)).map((change) => fieldKey(change.employeeId, change.ptoTypeId));

/** The switch-pto-plan body of one plan's changes: its people keep the plan, the types' balances are replaced. */
export const switchBody = (year: number, ptoPolicyId: number, changes: AllocationChange[]) => ({
  ptoPolicyId,
  year,
  employeeIds: [...new Set(changes.map((change) => change.employeeId))],
  startingBalances: changes.map((change) => ({ employeeId: change.employeeId, ptoTypeId: change.ptoTypeId, startingBalance: change.hours })),
});

/** A plan whose save was refused, with the changes it carried (in the order they were sent). */
export interface AllocationFailure {
  ptoPolicyId: number;
  changes: AllocationChange[];
  error: unknown;
}

/** Some plans' saves were refused (the others' went through): which ones and why. */
export class AllocationSaveError extends Error {
  readonly failures: AllocationFailure[];
  readonly saved: AllocationChange[];

  constructor(failures: AllocationFailure[], saved: AllocationChange[]) {
    super('Some PTO allocations were not saved');
    this.name = 'AllocationSaveError';
    this.failures = failures;
    this.saved = saved;
  }
}

const INDEXED_BALANCE = /^startingBalances\[(\d+)\]\.startingBalance$/;

/**
 * A refused save's messages: field errors of `startingBalances[i].startingBalance` go to the field
 * of the i-th change sent for that plan (by field key); every other message is general.
 */
export function failureMessages(failures: AllocationFailure[]): { fields: Record<string, string>; general: unknown[] } {
  const fields: Record<string, string> = {};
  const general: unknown[] = [];
  for (const failure of failures) {
    const error = failure.error;
    if (!(error instanceof ApiError) || !error.hasFieldErrors) {
      general.push(error);
      continue;
    }
    let other = false;
    for (const [field, messages] of Object.entries(error.errors)) {
      const index = INDEXED_BALANCE.exec(field);
      const change = index ? failure.changes[Number(index[1])] : undefined;
      if (change && messages[0]) fields[fieldKey(change.employeeId, change.ptoTypeId)] = messages[0];
      else other = true;
    }
    if (other) general.push(error);
  }
  return { fields, general };
}

const switchedSchema = z.object({ employeeIds: z.array(z.number().int()) });

/**
 * Saves the changed fields with POST /settings/switch-pto-plan, once per plan among them (each
 * person stays in their own plan; the types' starting balances are replaced). Every plan is tried;
 * when some are refused an AllocationSaveError says which. Afterwards the page's data, the
 * employees' PTO and the HR-folder list are fetched again.
 */
export function useSaveAllocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ year, changes }: { year: number; changes: AllocationChange[] }) => {
      const byPlan = new Map<number, AllocationChange[]>();
      for (const change of changes) byPlan.set(change.ptoPolicyId, [...(byPlan.get(change.ptoPolicyId) ?? []), change]);
      const failures: AllocationFailure[] = [];
      const saved: AllocationChange[] = [];
      for (const [ptoPolicyId, planChanges] of byPlan) {
        try {
          await api.post('/settings/switch-pto-plan', switchBody(year, ptoPolicyId, planChanges), { schema: switchedSchema });
          saved.push(...planChanges);
        } catch (error) {
          failures.push({ ptoPolicyId, changes: planChanges, error });
        }
      }
      if (failures.length > 0) throw new AllocationSaveError(failures, saved);
      return saved;
    },
    onSettled: async () => {
      // The allocation, every employee's PTO (['pto', 'employee', id]) and the plans' counts.
      await queryClient.invalidateQueries({ queryKey: ptoKeys.all });
      // The HR-folder list shows each person's balance.
      await queryClient.invalidateQueries({ queryKey: otherKeys.employees });
    },
  });
}
