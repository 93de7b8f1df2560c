import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * The pay cycle's figures (spec 001 §3 "Dashboard data"; a manager's cover their reach). PTO
 * figures come with the PTO screens.
 */
export const dashboardDataSchema = z
  .object({
    stats: z.object({
      clockedHours: z.number(),
      overtimeHours: z.number(),
      clockedMinutes: z.number().optional(),
      overtimeMinutes: z.number().optional(),
    }),
    payCycleStart: z.string(),
    payCycleEnd: z.string(),
    /** Pending timesheet edit requests. */
    timesheetEditRequests: z.number().int().optional().transform((v) => v ?? 0),
  })
  .transform(({ stats, ...rest }) => ({
    ...rest,
    clockedMinutes: stats.clockedMinutes ?? Math.round(stats.clockedHours * 60),
    overtimeMinutes: stats.overtimeMinutes ?? Math.round(stats.overtimeHours * 60),
  }));
export type DashboardData = z.output<typeof dashboardDataSchema>;

/** GET /dashboard/data: the current pay cycle. */
export const getDashboardData = (): Promise<DashboardData> => api.get('/dashboard/data', { schema: dashboardDataSchema });

export const dashboardDataQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'data'], queryFn: getDashboardData });

export const useDashboardData = () => useQuery(dashboardDataQueryOptions());
