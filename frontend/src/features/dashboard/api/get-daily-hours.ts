import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

const minutes = z.number().nullable().optional().transform((v) => v ?? 0);

/**
 * One day of the pay cycle ('YYYY-MM-DD'): worked minutes (overtime and double time included),
 * overtime, double time (issue 37; 0 from an older server) and approved time off.
 */
export const dailyHoursDaySchema = z.object({
  date: z.string(),
  workedMinutes: minutes,
  overtimeMinutes: minutes,
  doubleTimeMinutes: minutes,
  ptoMinutes: minutes,
});
export type DailyHoursDay = z.output<typeof dailyHoursDaySchema>;

export const dailyHoursSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.array(dailyHoursDaySchema),
});
export type DailyHours = z.output<typeof dailyHoursSchema>;

/** GET /dashboard/daily-hours: one entry per day of the current pay period (the server's default range). */
export const getDailyHours = (): Promise<DailyHours> => api.get('/dashboard/daily-hours', { schema: dailyHoursSchema });

export const dailyHoursQueryOptions = () => queryOptions({ queryKey: dashboardKeys.dailyHours, queryFn: getDailyHours });

export const useDailyHours = () => useQuery(dailyHoursQueryOptions());
