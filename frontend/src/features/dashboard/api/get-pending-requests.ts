import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** The fields of a pending timesheet edit request the card shows (the inbox has the rest). */
export const pendingRequestSchema = z.object({
  id: z.number().int(),
  requestDate: z.string(),
  employeeId: z.number().int(),
  /** 'First Last'. */
  name: z.string().nullable().optional().transform((v) => v ?? ''),
  avatar: z.string().nullable().optional().transform((v) => v ?? null),
});
export type PendingRequest = z.output<typeof pendingRequestSchema>;

/**
 * The fields of a pending time-off request the card shows (the contract's InboxTimeOffRow; the
 * inbox has the rest). `start` and `end` are the company's wall time 'YYYY-MM-DD HH:mm:ss'.
 */
export const pendingTimeOffSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  /** 'First Last'. */
  name: z.string().nullable().optional().transform((v) => v ?? ''),
  avatar: z.string().nullable().optional().transform((v) => v ?? null),
  /** The type's name, e.g. 'Vacation'. */
  type: z.string().nullable().optional().transform((v) => v ?? ''),
  createDate: z.string().nullable().optional().transform((v) => v ?? null),
  /** 0: a partial day. */
  allday: z.number().int().nullable().optional().transform((v) => v ?? 1),
  start: z.string(),
  end: z.string(),
  minutes: z.number().nullable().optional().transform((v) => v ?? 0),
});
export type PendingTimeOff = z.output<typeof pendingTimeOffSchema>;

/** `count` covers both kinds; a server from before time-off requests sends no `timeoffRequests`. */
export const pendingRequestsSchema = z.object({
  count: z.number().int(),
  timesheetEditRequests: z.array(pendingRequestSchema).optional().transform((v) => v ?? []),
  timeoffRequests: z.array(pendingTimeOffSchema).optional().transform((v) => v ?? []),
});
export type PendingRequests = z.output<typeof pendingRequestsSchema>;

/** The shell's bell asks again every minute. */
export const BELL_REFRESH_MS = 60_000;

/** GET /dashboard/pending-requests: requests waiting for the caller (the dashboard card and the bell). */
export const getPendingRequests = (): Promise<PendingRequests> =>
  api.get('/dashboard/pending-requests', { schema: pendingRequestsSchema });

export const pendingRequestsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.pendingRequests, queryFn: getPendingRequests });

export const usePendingRequests = ({ enabled = true, refetchInterval }: { enabled?: boolean; refetchInterval?: number } = {}) =>
  useQuery({ ...pendingRequestsQueryOptions(), enabled, refetchInterval });
