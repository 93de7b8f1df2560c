import { formatClockTime, wallClockIn } from '@/lib/company-time';
import type { ClockSnapshot, ClockState } from '../api/get-clock-status';
import type { ClockAction } from '../api/use-clock-action';

/**
 * The clock card's rules as data (spec 000 §4): which buttons each state offers, when clock-in is
 * not yet open, and the live counters. The card (clock-card.tsx) only renders what these say.
 */
export interface ClockButtonSpec {
  action: ClockAction;
  label: string;
  /** The main action of the state is filled; a secondary one is outlined. */
  primary: boolean;
}

export function clockButtons(state: ClockState): ClockButtonSpec[] {
  switch (state) {
    case 0:
      return [{ action: 'start', label: 'Clock In', primary: true }];
    case 1:
      return [
        { action: 'break', label: 'Take a Break', primary: false },
        { action: 'end', label: 'Clock Out', primary: true },
      ];
    case 2:
      return [{ action: 'resume', label: 'End Break', primary: true }];
    case 3:
      return [{ action: 'start', label: 'Start a New Shift', primary: true }];
  }
}

export const CLOCK_STATE_LABELS: Record<ClockState, string> = {
  0: 'Not clocked in',
  1: 'Clocked in',
  2: 'On a break',
  3: 'Clocked out',
};

/** 'Clock in starts at 9:00 AM' (spec 000 §4). */
export const clockInStartsText = (dayStartAt: string): string => `Clock in starts at ${formatClockTime(dayStartAt)}`;

/** The server's clock: the browser's, corrected by the skew seen when the status arrived. */
export function serverNow(snapshot: Pick<ClockSnapshot, 'serverTime' | 'receivedAt'>, browserNow: number): number {
  const serverMs = snapshot.serverTime ? Date.parse(snapshot.serverTime) : Number.NaN;
  return Number.isNaN(serverMs) ? browserNow : browserNow + (serverMs - snapshot.receivedAt);
}

/**
 * Whether clock-in is still closed: before dayStartAt on the company clock. The server says so
 * when the status is read (`clockInAllowedNow`); once the company clock passes dayStartAt the
 * button appears without asking again. Without a dayStartAt the server's word stands.
 */
export function clockInClosed(snapshot: ClockSnapshot, now: number, timeZone: string): boolean {
  if (snapshot.status !== 0 && snapshot.status !== 3) return false;
  if (snapshot.clockInAllowedNow) return false;
  if (!snapshot.dayStartAt) return true;
  const wall = wallClockIn(now, timeZone);
  return `${wall.hour}:${wall.minute}` < snapshot.dayStartAt.slice(0, 5).padStart(5, '0');
}

/** Minutes since the status arrived that count as work: only while clocked in (status 1). */
function workedSince(snapshot: ClockSnapshot, now: number): number {
  if (snapshot.status !== 1) return 0;
  return Math.max(0, Math.floor((now - snapshot.receivedAt) / 60_000));
}

/** The shift's worked minutes, one more every minute while clocked in. */
export const liveShiftMinutes = (snapshot: ClockSnapshot, now: number): number => snapshot.minutes + workedSince(snapshot, now);

/** The week's worked minutes, one more every minute while clocked in. */
export const liveWeekMinutes = (snapshot: ClockSnapshot, now: number): number => snapshot.weekMinutes + workedSince(snapshot, now);
