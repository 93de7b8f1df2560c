import { ApiError } from '@/lib/api-client';
import { formatTime } from '@/lib/company-time';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { REQUEST_STATUS } from '../api/schemas';

/** Spec 001 §2: the inbox's empty states. */
export const INBOX_TEXTS = {
  noPending: 'Woohoo! No requests to worry about!',
  noResponded: "This is where you'll see a history of your request responses.",
} as const;

/** The employee filter's first choice. */
export const ALL_EMPLOYEES = { value: 'all', label: '-- All --' } as const;

/** Filled badges with automatic text contrast (light badges' tinted text fails WCAG AA). */
export const BADGE_COLORS = { pending: 'yellow.4', approved: 'green.9', rejected: 'red.9' } as const;

/** What a request changes (the timesheet's wording). */
export const CHANGE_TYPE_LABELS: Readonly<Record<string, string>> = {
  in: 'Clock In',
  out: 'Clock Out',
  inout: 'Clock In and Clock Out',
};

/** Spec 001 §2, 001 §8: the question before cancelling a responded time-off request. */
export const CANCEL_TIMEOFF = { title: 'Are you sure?', message: "Once you hit cancel there's no going back!" } as const;

/** 'Approved By Max M.' / 'Rejected By Max M.' (spec 001 §4). */
export function respondedByText(status: number, actor: string | null): string {
  const verb = status === REQUEST_STATUS.rejected ? 'Rejected By' : 'Approved By';
  return actor ? `${verb} ${actor}` : verb.replace(' By', '');
}

/** 'No change', 'Remove all breaks', or the new breaks ('12:00 PM – 12:30 PM'; an open one ends in '…'). */
export function breaksText(boptype: string, breaks: readonly { from: string; to: string | null }[], timeZone: string): string {
  if (boptype === 'NOCHANGE') return 'No change';
  if (boptype === 'REMOVE') return 'Remove all breaks';
  if (breaks.length === 0) return 'Replace with no breaks';
  return `Replace with ${breaks.map((b) => `${formatTime(b.from, timeZone)} – ${b.to ? formatTime(b.to, timeZone) : '…'}`).join(', ')}`;
}

/** A failed approval or rejection: the first message the server gave (spec 000 §8). */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.firstMessage : GENERIC_FORM_ERROR;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The date and time of the company's wall time 'YYYY-MM-DD HH:mm:ss' (a time-off request's start or end). */
function splitLocal(local: string): { date: string; time: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2}))?/.exec(local.trim());
  if (!match) return { date: local, time: '' };
  const [, y, m, d, h, min] = match;
  const date = `${m}/${d}/${y}`;
  if (h === undefined || min === undefined) return { date, time: '' };
  const hour = Number(h) % 24;
  return { date, time: `${pad2(hour % 12 === 0 ? 12 : hour % 12)}:${min} ${hour < 12 ? 'AM' : 'PM'}` };
}

/**
 * The days of a time-off request (spec 000 §9 display formats): full days 'MM/DD/YYYY' or
 * 'MM/DD/YYYY - MM/DD/YYYY'; a partial day with its times, 'MM/DD/YYYY hh:mm A - hh:mm A'.
 * `start` and `end` are already the company's wall time, so no zone applies.
 */
export function timeOffDates(start: string, end: string, partialDay: boolean): string {
  const from = splitLocal(start);
  const to = splitLocal(end || start);
  if (partialDay && from.time && to.time) {
    return from.date === to.date ? `${from.date} ${from.time} - ${to.time}` : `${from.date} ${from.time} - ${to.date} ${to.time}`;
  }
  return from.date === to.date ? from.date : `${from.date} - ${to.date}`;
}

/**
 * Time off in hours (spec 000 §9: PTO minutes under 60 show as minutes): '45 min', '1 hr',
 * '8 hrs', '1.5 hrs', '1.67 hrs' (at most two decimals).
 */
export function formatTimeOff(minutes: number): string {
  const m = Math.abs(Math.round(minutes));
  if (m < 60) return `${m} min`;
  const hours = Number((m / 60).toFixed(2));
  return `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
}
