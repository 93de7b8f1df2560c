import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

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

export const pendingRequestsSchema = z.object({
  count: z.number().int(),
  timesheetEditRequests: z.array(pendingRequestSchema).optional().transform((v) => v ?? []),
});
export type PendingRequests = z.output<typeof pendingRequestsSchema>;

/** The shell's bell asks again every minute. */
export const BELL_REFRESH_MS = 60_000;

/** GET /dashboard/pending-requests: requests waiting for the caller (the dashboard card and the bell). */
export const getPendingRequests = (): Promise<PendingRequests> =>
  api.get('/dashboard/pending-requests', { schema: pendingRequestsSchema });

export const pendingRequestsQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'pending-requests'], queryFn: getPendingRequests });

export const usePendingRequests = ({ enabled = true, refetchInterval }: { enabled?: boolean; refetchInterval?: number } = {}) =>
  useQuery({ ...pendingRequestsQueryOptions(), enabled, refetchInterval });
