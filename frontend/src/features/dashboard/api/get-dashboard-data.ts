import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/**
 * The pay cycle's figures (spec 001 §3 "Dashboard data"; a manager's cover their reach): clocked,
 * overtime (and double time, issue 37: 0 from an older server) and approved time-off (PTO) hours, and the pending requests of each kind. The PTO
 * figures are optional: a server from before time-off requests has none (`ptoMinutes` is null then).
 */
export const dashboardDataSchema = z
  .object({
    stats: z.object({
      clockedHours: z.number(),
      overtimeHours: z.number(),
      clockedMinutes: z.number().optional(),
      overtimeMinutes: z.number().optional(),
      /** Under daily overtime rules only (issue 37); not part of the overtime. */
      doubleTimeMinutes: z.number().nullable().optional(),
      doubleTimeHours: z.number().nullable().optional(),
      /** Approved time off in the pay cycle. */
      ptoMinutes: z.number().nullable().optional(),
      ptoHours: z.number().nullable().optional(),
    }),
    payCycleStart: z.string(),
    payCycleEnd: z.string(),
    /** Pending timesheet edit requests. */
    timesheetEditRequests: z.number().int().optional().transform((v) => v ?? 0),
    /** Pending time-off requests. */
    ptoRequests: z.number().int().optional().transform((v) => v ?? 0),
  })
  .transform(({ stats, ...rest }) => ({
    ...rest,
    clockedMinutes: stats.clockedMinutes ?? Math.round(stats.clockedHours * 60),
    overtimeMinutes: stats.overtimeMinutes ?? Math.round(stats.overtimeHours * 60),
    doubleTimeMinutes: stats.doubleTimeMinutes ?? (stats.doubleTimeHours == null ? 0 : Math.round(stats.doubleTimeHours * 60)),
    ptoMinutes: stats.ptoMinutes ?? (stats.ptoHours == null ? null : Math.round(stats.ptoHours * 60)),
  }));
export type DashboardData = z.output<typeof dashboardDataSchema>;

/** GET /dashboard/data: the current pay cycle. */
export const getDashboardData = (): Promise<DashboardData> => api.get('/dashboard/data', { schema: dashboardDataSchema });

export const dashboardDataQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.data, queryFn: getDashboardData });

export const useDashboardData = () => useQuery(dashboardDataQueryOptions());
