import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { manageKeys, otherKeys } from './keys';

/**
 * A person's own overtime rules (issue 37): someone who works in another state than the company's
 * follows that state's rules, each version from a date on; without any, the company's rules apply.
 * Managers who reach the person read them; admins change them.
 */

/** Nevada: the only rule set with the wage line and the agreed 4×10 schedule. */
export const NEVADA = 'us-nv';

const flag = z.boolean().nullable().optional().transform((v) => v ?? false);

export const personOvertimeVersionSchema = z.object({
  /** 'YYYY-MM-DD'. */
  effectiveFrom: z.string(),
  /** A rule set's id; `null`: the company's rules. */
  jurisdiction: z.string().nullable().optional().transform((v) => v ?? null),
  /** Nevada: paid at least 1.5× the state minimum wage (no daily overtime). */
  underWageLine: flag,
  /** Nevada: on an agreed schedule of four 10-hour days. */
  fourTens: flag,
});
export type PersonOvertimeVersion = z.output<typeof personOvertimeVersionSchema>;

/** GET /settings/employee-overtime (and the answer of POST /settings/update-employee-overtime). */
export const personOvertimeSchema = z.object({
  employeeId: z.number().int(),
  /** Oldest first; empty: the company's rules apply. */
  versions: z.array(personOvertimeVersionSchema).optional().transform((v) => v ?? []),
});
export type PersonOvertime = z.output<typeof personOvertimeSchema>;

/** POST /settings/update-employee-overtime: the Nevada flags are false for any other rules. */
export interface PersonOvertimeChange {
  employeeId: number;
  effectiveFrom: string;
  jurisdiction: string | null;
  underWageLine: boolean;
  fourTens: boolean;
}

export const getPersonOvertime = (employeeId: number): Promise<PersonOvertime> =>
  api.get('/settings/employee-overtime', { query: { id: employeeId }, schema: personOvertimeSchema });

export const personOvertimeQueryOptions = (employeeId: number) =>
  queryOptions({ queryKey: manageKeys.overtime(employeeId), queryFn: () => getPersonOvertime(employeeId) });

export const usePersonOvertime = (employeeId: number) => useQuery(personOvertimeQueryOptions(employeeId));

/** POST /settings/update-employee-overtime (admins). */
export const updatePersonOvertime = (change: PersonOvertimeChange): Promise<PersonOvertime> =>
  api.post('/settings/update-employee-overtime', change, { schema: personOvertimeSchema });

/** Saving refreshes the person's rules, and the timesheets, reports and dashboard whose overtime follows them. */
export function useUpdatePersonOvertime(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonOvertime,
    onSuccess: async (data) => {
      queryClient.setQueryData(manageKeys.overtime(employeeId), data);
      await Promise.all(
        [manageKeys.overtime(employeeId), otherKeys.timesheet, otherKeys.reports, otherKeys.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
