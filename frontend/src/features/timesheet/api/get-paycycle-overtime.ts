import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { timesheetKeys } from './keys';

export const paycycleOvertimeSchema = z.object({
  payCycleStart: z.string(),
  payCycleEnd: z.string(),
  thresholdMinutes: z.number(),
  totalOvertimeMinutes: z.number(),
  weeks: z.array(z.object({ weekStart: z.string(), weekEnd: z.string(), minutes: z.number(), overtimeMinutes: z.number() })),
});
export type PaycycleOvertime = z.output<typeof paycycleOvertimeSchema>;

/** GET /timesheet/paycycle-overtime-hours?v=1&start&end&employeeId (no dates: the current pay cycle). */
export const getPaycycleOvertime = (employeeId: number | null): Promise<PaycycleOvertime> =>
  api.get('/timesheet/paycycle-overtime-hours', { query: { v: 1, employeeId: employeeId ?? undefined }, schema: paycycleOvertimeSchema });

export const paycycleOvertimeQueryOptions = (employeeId: number | null) =>
  queryOptions({
    queryKey: timesheetKeys.paycycleOvertime(employeeId),
    queryFn: () => getPaycycleOvertime(employeeId),
  });

export const usePaycycleOvertime = (employeeId: number | null) => useQuery(paycycleOvertimeQueryOptions(employeeId));
