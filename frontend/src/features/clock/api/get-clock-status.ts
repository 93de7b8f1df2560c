import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { isNetworkFailure } from '@/lib/outbox';
import { clockKeys } from './keys';
import { clockOffset } from './offset';

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
  /**
   * The names of the person's work locations (issue 40): their presses are checked against them.
   * Empty when none (and from an older server, or a status this phone kept from before).
   */
  workLocations: z.array(z.string()).nullable().optional().transform((v) => v ?? []),
  /** One of those locations has a geofence: every press first asks the phone for its position. */
  asksPosition: z.boolean().nullable().optional().transform((v) => v ?? false),
});
export type ClockStatus = z.output<typeof clockStatusSchema>;

/**
 * A status with the moment the browser received it, from which the live counters run. `fromPhone`:
 * the server could not be reached, and this is the last status this phone knew (issue 39).
 */
export type ClockSnapshot = ClockStatus & { receivedAt: number; fromPhone?: boolean };

export const snapshotOf = (status: ClockStatus, receivedAt: number = Date.now()): ClockSnapshot => ({ ...status, receivedAt });

export const getClockStatus = (): Promise<ClockStatus> => api.get('/clock/status', { schema: clockStatusSchema });

/** Where the last known status of each person is kept on this phone (localStorage). */
export const lastStatusKey = (eid: number): string => `timekeep.clock.lastStatus.${eid}`;

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps `snapshot` as the last status this phone knew of `eid`, for a clock opened offline. */
export function saveLastStatus(eid: number | null, snapshot: ClockSnapshot): void {
  if (eid === null) return;
  try {
    localStorageOrNull()?.setItem(lastStatusKey(eid), JSON.stringify({ ...snapshot, fromPhone: undefined }));
  } catch {
    // Storage full or refused: the clock then needs the network to open.
  }
}

const storedSnapshotSchema = clockStatusSchema.and(z.object({ receivedAt: z.number() }));

/** The last status this phone knew of `eid`, or null. */
export function loadLastStatus(eid: number | null): ClockSnapshot | null {
  if (eid === null) return null;
  try {
    const raw = localStorageOrNull()?.getItem(lastStatusKey(eid));
    if (!raw) return null;
    const parsed = storedSnapshotSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { ...parsed.data, fromPhone: true } : null;
  } catch {
    return null;
  }
}

/**
 * Reads the status, measures the server's clock against the phone's from the answer, and keeps it
 * on the phone. Without a network the last status this phone knew is shown instead (marked
 * `fromPhone`); without one either, the failure stands.
 */
export async function readClockStatus(eid: number | null): Promise<ClockSnapshot> {
  const sentAt = Date.now();
  try {
    const status = await getClockStatus();
    const receivedAt = Date.now();
    clockOffset.measure(status.serverTime, sentAt, receivedAt);
    const snapshot = snapshotOf(status, receivedAt);
    saveLastStatus(eid, snapshot);
    return snapshot;
  } catch (error) {
    const known = isNetworkFailure(error) ? loadLastStatus(eid) : null;
    if (known) return known;
    throw error;
  }
}

export const clockStatusQueryOptions = (eid: number | null) =>
  queryOptions({
    queryKey: clockKeys.status(eid),
    queryFn: (): Promise<ClockSnapshot> => readClockStatus(eid),
    // The server is the authority: coming back to the tab (a phone taken out of a pocket) asks again.
    staleTime: 0,
    refetchOnWindowFocus: true,
    // Offline too: the answer is then the last status this phone knew (never a paused query).
    networkMode: 'always',
  });

export const useClockStatus = (eid: number | null) => useQuery(clockStatusQueryOptions(eid));
