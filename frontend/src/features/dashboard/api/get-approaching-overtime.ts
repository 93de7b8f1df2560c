import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

const nullableInstant = z.string().nullable().optional().transform((v) => v ?? null);

/**
 * One person clocked in now, overseen by the caller (issue 37), with ISO UTC instants: `since`, when
 * they went into overtime (null: not yet); `expectedAt`, when they would if they stay until
 * `usualEnd`, the end of the day assumed for them.
 */
export const approachingOvertimePersonSchema = z.object({
  employeeId: z.number().int(),
  firstname: z.string().nullable().optional().transform((v) => v ?? ''),
  lastname: z.string().nullable().optional().transform((v) => v ?? ''),
  since: nullableInstant,
  expectedAt: nullableInstant,
  usualEnd: nullableInstant,
});
export type ApproachingOvertimePerson = z.output<typeof approachingOvertimePersonSchema>;

export const approachingOvertimeSchema = z.object({
  people: z.array(approachingOvertimePersonSchema).optional().transform((v) => v ?? []),
});
export type ApproachingOvertime = z.output<typeof approachingOvertimeSchema>;

/** The card asks again every minute: people cross into overtime while the dashboard stays open. */
export const APPROACHING_OVERTIME_REFRESH_MS = 60_000;

/** GET /dashboard/approaching-overtime: who is in overtime now, or will be by their usual end. */
export const getApproachingOvertime = (): Promise<ApproachingOvertime> =>
  api.get('/dashboard/approaching-overtime', { schema: approachingOvertimeSchema });

export const approachingOvertimeQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.approachingOvertime,
    queryFn: getApproachingOvertime,
    refetchInterval: APPROACHING_OVERTIME_REFRESH_MS,
  });

export const useApproachingOvertime = () => useQuery(approachingOvertimeQueryOptions());
