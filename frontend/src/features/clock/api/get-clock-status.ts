import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { clockKeys } from './keys';

/** 0 initial, 1 clocked in, 2 on break, 3 clocked out (spec 000 §4). */
export const CLOCK_STATES = [0, 1, 2, 3] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/** GET /clock/status, also the answer of every clock action. */
export const clockStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Worked minutes of the current (at status 3: the last) shift, breaks excluded, up to now. */
  minutes: z.number().int().nonnegative(),
  trackingNumber: z.number().int().nullable().optional().transform((v) => v ?? null),
  /** This Sunday–Saturday week, the open shift included up to now. */
  weekMinutes: z.number().int().nonnegative(),
  mobileClockInDisabled: z.boolean().optional().transform((v) => v ?? false),
  /** 'HH:mm' on the company clock, or null when clock-in is allowed all day. */
  dayStartAt: nullableString,
  clockInAllowedNow: z.boolean().optional().transform((v) => v ?? true),
  shiftStart: nullableString,
  breakStart: nullableString,
  serverTime: nullableString,
  errors: z.array(z.string()).optional().transform((v) => v ?? []),
});
export type ClockStatus = z.output<typeof clockStatusSchema>;

/** A status with the moment the browser received it, from which the live counters run. */
export type ClockSnapshot = ClockStatus & { receivedAt: number };

export const snapshotOf = (status: ClockStatus, receivedAt: number = Date.now()): ClockSnapshot => ({ ...status, receivedAt });

export const getClockStatus = (): Promise<ClockStatus> => api.get('/clock/status', { schema: clockStatusSchema });


export const clockStatusQueryOptions = (eid: number | null) =>
  queryOptions({
    queryKey: clockKeys.status(eid),
    queryFn: async (): Promise<ClockSnapshot> => snapshotOf(await getClockStatus()),
    // The server is the authority: coming back to the tab (a phone taken out of a pocket) asks again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useClockStatus = (eid: number | null) => useQuery(clockStatusQueryOptions(eid));
