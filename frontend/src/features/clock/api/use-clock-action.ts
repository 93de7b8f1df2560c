import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Identity } from '@/lib/identity';
import { isNetworkFailure, uuidv7, type OutboxEntry, type PressAction } from '@/lib/outbox';
import { endClock } from './end-clock';
import { saveLastStatus, snapshotOf, type ClockStatus } from './get-clock-status';
import { resumeFromBreak } from './resume-from-break';
import { startClock } from './start-clock';
import { takeBreak } from './take-break';
import { clockKeys } from './keys';
import { clockOutbox, flushOutbox } from './outbox';
import { clockOffset } from './offset';
import { readPressPosition, type PressPosition } from './position';

/** The four changes of the clock (spec 000 §4); 'start' is also 'Start a New Shift'. */
export type ClockAction = PressAction;

export function runClockAction(action: ClockAction, trackingNumber: number | null, idempotencyKey?: string, position?: PressPosition | null): Promise<ClockStatus> {
  // The open shift's number; the server refuses a number that is not the open shift (409).
  const ts = trackingNumber ?? 0;
  switch (action) {
    case 'start':
      return startClock(idempotencyKey, position);
    case 'break':
      return takeBreak(ts, idempotencyKey, position);
    case 'resume':
      return resumeFromBreak(ts, idempotencyKey, position);
    case 'end':
      return endClock(ts, idempotencyKey, position);
  }
}

/** A press that failed on the network is sent again once, after this long, with the same key. */
export const RETRY_DELAY_MS = 500;

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * One press sent now, with a fresh Idempotency-Key (and the phone's position, when asked): a failure
 * on the network is tried once more with the same key (the server presses it once, however many
 * copies arrive). Resolves with the answer and when it was asked and answered (to measure the
 * server's clock).
 */
export async function pressOnline(
  action: ClockAction,
  trackingNumber: number | null,
  { key = uuidv7(), retryDelayMs = RETRY_DELAY_MS, position = null }: { key?: string; retryDelayMs?: number; position?: PressPosition | null } = {},
): Promise<{ status: ClockStatus; sentAt: number; receivedAt: number }> {
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt > 0) {
      if (browserOffline()) break;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    }
    const sentAt = Date.now();
    try {
      const status = await runClockAction(action, trackingNumber, key, position);
      return { status, sentAt, receivedAt: Date.now() };
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      failure = error;
    }
  }
  throw failure;
}

/**
 * The state a press is made in: the shift it is about, the queued start it came from, and whether
 * the status asks for the phone's position (issue 40).
 */
export interface PressContext {
  trackingNumber: number | null;
  startKey: string | null;
  asksPosition?: boolean;
  /** Told when the press starts and stops waiting for the phone's position. */
  onLocating?: (locating: boolean) => void;
}

/** Asks the phone where it is, when the status says so; null when not asked or not known. */
async function positionFor(context: PressContext): Promise<PressPosition | null> {
  if (!context.asksPosition) return null;
  context.onLocating?.(true);
  try {
    return await readPressPosition();
  } finally {
    context.onLocating?.(false);
  }
}

export type PressOutcome = { kind: 'sent'; status: ClockStatus } | { kind: 'queued'; entry: OutboxEntry };

/**
 * One clock change (issue 39). Online and with nothing waiting on the phone, it is sent at once and
 * its answer replaces the cached status (the overtime notice reads again while the shift runs, and
 * is forgotten once it ends; timesheet lists are invalidated by their key). Offline, when the
 * network fails (twice), or behind presses still waiting, it is stored in the phone's outbox first
 * (resolving once stored), and sent from there in order. A refusal of the server is thrown, and the
 * status is read again (the server is the authority).
 *
 * When the status asks for it (a work location with a geofence, issue 40), the press first asks the
 * phone for a fresh position and sends it with the press, online or from the outbox; refused,
 * unavailable or too slow, the press goes without one and the server decides.
 */
export function useClockPress(identity: Identity) {
  const queryClient = useQueryClient();
  const { eid, email } = identity;
  return useCallback(
    async (action: ClockAction, context: PressContext): Promise<PressOutcome> => {
      if (eid === null) throw new Error('Only a member of a company has a clock.');
      const pressedAt = Date.now();
      // The offset as measured before the press (a later measurement says nothing about this one).
      const serverOffsetMs = clockOffset.get();
      // One key for the press wherever it goes: sent online, then queued after a network failure
      // (when the online send did reach the server, the queued copy is answered with its result).
      const key = uuidv7();
      // Where the phone is at the press: asked after the press's time is taken, not counted in it.
      const position = await positionFor(context);
      const queue = async (): Promise<PressOutcome> => {
        const entry = await clockOutbox.queue({
          key,
          eid,
          email,
          action,
          trackingNumber: context.trackingNumber,
          startKey: context.trackingNumber === null ? context.startKey : null,
          deviceTime: new Date(pressedAt).toISOString(),
          serverOffsetMs,
          position,
        });
        return { kind: 'queued', entry };
      };

      // What the outbox holds now (not what the screen last read): a press never overtakes one.
      const waiting = (await clockOutbox.store.list(eid)).length;
      if (waiting > 0 || browserOffline()) {
        const outcome = await queue();
        flushOutbox();
        return outcome;
      }
      try {
        const { status, sentAt, receivedAt } = await pressOnline(action, context.trackingNumber, { key, position });
        clockOffset.measure(status.serverTime, sentAt, receivedAt);
        const snapshot = snapshotOf(status, receivedAt);
        queryClient.setQueryData(clockKeys.status(eid), snapshot);
        saveLastStatus(eid, snapshot);
        // Clocked in or on a break: read again. Clocked out: nothing to show, nor to ask.
        if (status.status === 1 || status.status === 2) void queryClient.invalidateQueries({ queryKey: clockKeys.overtime });
        else queryClient.removeQueries({ queryKey: clockKeys.overtime });
        void queryClient.invalidateQueries({ queryKey: clockKeys.timesheets });
        return { kind: 'sent', status };
      } catch (error) {
        if (isNetworkFailure(error)) return queue();
        void queryClient.invalidateQueries({ queryKey: clockKeys.status(eid) });
        throw error;
      }
    },
    [eid, email, queryClient],
  );
}
