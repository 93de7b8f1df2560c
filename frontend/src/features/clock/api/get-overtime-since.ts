import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { clockKeys } from './keys';

/** While clocked in, the clock asks again every minute whether the shift went into overtime. */
export const OVERTIME_REFRESH_MS = 60_000;

/**
 * The one field of GET /timesheet/pay-hours the clock reads (issue 37): the ISO UTC instant at which
 * the caller's running shift went into overtime (1.5x or 2x), or null (also from an older server that
 * does not send it). The timesheet screens read the rest of that answer with their own schema.
 */
export const overtimeSinceSchema = z.object({
  overtimeSince: z.string().nullable().optional().transform((v) => v ?? null),
});
export type OvertimeSince = z.output<typeof overtimeSinceSchema>;

/** GET /timesheet/pay-hours?start=today&end=today: the signed-in person's pay hours of one company day. */
export const getOvertimeSince = (today: string): Promise<OvertimeSince> =>
  api.get('/timesheet/pay-hours', { query: { start: today, end: today }, schema: overtimeSinceSchema });

export interface OvertimeSinceParams {
  eid: number | null;
  /** The running shift: the answer is about it. */
  trackingNumber: number | null;
  /** Today on the company clock, 'YYYY-MM-DD'. */
  today: string;
}

export const overtimeSinceQueryOptions = ({ eid, trackingNumber, today }: OvertimeSinceParams) =>
  queryOptions({
    queryKey: clockKeys.overtimeSince(eid, trackingNumber, today),
    queryFn: () => getOvertimeSince(today),
    staleTime: 0,
  });

/** Asked only while `enabled` (clocked in or on a break), every minute. */
export const useOvertimeSince = (params: OvertimeSinceParams, enabled: boolean) =>
  useQuery({
    ...overtimeSinceQueryOptions(params),
    enabled,
    refetchInterval: enabled ? OVERTIME_REFRESH_MS : false,
  });
