import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { timesheetKeys } from './keys';

export const paycycleClockedHoursSchema = z.object({
  payCycleStart: z.string(),
  payCycleEnd: z.string(),
  totalMinutes: z.number(),
  /** Only days with minutes > 0. */
  days: z.array(z.object({ date: z.string(), minutes: z.number() })),
});
export type PaycycleClockedHours = z.output<typeof paycycleClockedHoursSchema>;

/** GET /timesheet/paycycle-clocked-hours?employeeId=N: the current pay cycle's worked time. */
export const getPaycycleClockedHours = (employeeId: number | null): Promise<PaycycleClockedHours> =>
  api.get('/timesheet/paycycle-clocked-hours', { query: { employeeId: employeeId ?? undefined }, schema: paycycleClockedHoursSchema });

export const paycycleClockedHoursQueryOptions = (employeeId: number | null) =>
  queryOptions({
    queryKey: timesheetKeys.paycycleClockedHours(employeeId),
    queryFn: () => getPaycycleClockedHours(employeeId),
  });

export const usePaycycleClockedHours = (employeeId: number | null) => useQuery(paycycleClockedHoursQueryOptions(employeeId));
