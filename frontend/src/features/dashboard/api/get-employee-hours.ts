import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import type { Week } from '@/lib/company-time';
import { dashboardKeys } from './keys';

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const text = z.string().nullable().optional().transform((v) => v ?? '');

export const employeeHoursRowSchema = z.object({
  employeeId: z.number().int(),
  firstname: text,
  lastname: text,
  avatar: nullableString,
  /** Worked minutes in the week. */
  minutes: z.number(),
  /** Minutes of approved time off in the week (absent from a server without time-off requests). */
  pto: z.number().nullable().optional().transform((v) => v ?? 0),
  currentClockStatus: z.number().int().nullable().optional().transform((v) => v ?? 0),
  currentClockTime: nullableString,
});
export type EmployeeHoursRow = z.output<typeof employeeHoursRowSchema>;

export const employeeHoursSchema = z.object({
  start: z.string(),
  end: z.string(),
  employees: z.array(employeeHoursRowSchema),
});
export type EmployeeHours = z.output<typeof employeeHoursSchema>;

/** GET /dashboard/employee-hours?start&end: one Sunday–Saturday week ('YYYY-MM-DD'). */
export const getEmployeeHours = (week: Week): Promise<EmployeeHours> =>
  api.get('/dashboard/employee-hours', { query: { start: week.start, end: week.end }, schema: employeeHoursSchema });

export const employeeHoursQueryOptions = (week: Week) =>
  queryOptions({
    queryKey: dashboardKeys.employeeHours(week),
    queryFn: () => getEmployeeHours(week),
    placeholderData: keepPreviousData,
  });

export const useEmployeeHours = (week: Week) => useQuery(employeeHoursQueryOptions(week));
