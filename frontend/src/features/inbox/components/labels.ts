import { ApiError } from '@/lib/api-client';
import { formatTime, weekOf } from '@/lib/company-time';
import { isoDateIn } from '@/lib/dates';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { shortDate, shortTime } from '@/lib/outbox-texts';
import type { MissedKind, MissedPunch } from '../api/missed';
import { REQUEST_STATUS } from '../api/schemas';

/** Spec 001 §2: the inbox's empty states. */
export const INBOX_TEXTS = {
  noPending: 'Woohoo! No requests to worry about!',
  noResponded: "This is where you'll see a history of your request responses.",
  noMissed: 'No missed punches.',
  missedIntro: 'Timekeep closed these shifts at their last known activity. Each is paid in no payroll file until you correct it or accept it as is.',
} as const;

/** What a missed punch missed (issue 40). */
export const MISSED_LABELS: Readonly<Record<MissedKind, string>> = {
  clock_out: 'Missed clock-out',
  break_end: 'Missed break end',
};

/** 'Started Tue, Nov 24 9:02 AM' on the company clock. */
export const missedStartText = (row: Pick<MissedPunch, 'start'>, timeZone: string): string =>
  `Started ${shortDate(row.start, timeZone)} ${shortTime(row.start, timeZone)}`;

/**
 * Where Timekeep closed the shift: 'closed at 5:02 PM' on the day it began, 'closed at Wed, Nov 25
 * 1:00 AM' on another; empty when the server gives no end.
 */
export function missedClosedText(row: Pick<MissedPunch, 'start' | 'end'>, timeZone: string): string {
  if (!row.end) return '';
  const sameDay = shortDate(row.start, timeZone) === shortDate(row.end, timeZone);
  return `closed at ${sameDay ? '' : `${shortDate(row.end, timeZone)} `}${shortTime(row.end, timeZone)}`;
}

/** 'Missed clock-out, closed at 5:02 PM'. */
export function missedWhatText(row: Pick<MissedPunch, 'kind' | 'start' | 'end'>, timeZone: string): string {
  const closed = missedClosedText(row, timeZone);
  return closed ? `${MISSED_LABELS[row.kind]}, ${closed}` : MISSED_LABELS[row.kind];
}

/** The person's timesheet week (Sunday–Saturday on the company calendar) that holds the shift, where it is corrected. */
export function missedCorrectPath(row: Pick<MissedPunch, 'employeeId' | 'start'>, timeZone: string): string {
  const week = weekOf(isoDateIn(new Date(row.start), timeZone));
  return `/timesheet/employee/${row.employeeId}?start=${week.start}&end=${week.end}`;
}

/** The notification after 'Accept as is'. */
export const missedAcceptedText = (name: string, row: Pick<MissedPunch, 'start'>, timeZone: string): string =>
  `Accepted as is: ${name}'s shift of ${shortDate(row.start, timeZone)} stands as Timekeep closed it.`;

/** The employee filter's first choice. */
export const ALL_EMPLOYEES = { value: 'all', label: '-- All --' } as const;

/** Filled badges with automatic text contrast (light badges' tinted text fails WCAG AA). */
export const BADGE_COLORS = { pending: 'yellow.4', approved: 'green.9', rejected: 'red.9' } as const;

/** What a request changes (the timesheet's wording). */
export const CHANGE_TYPE_LABELS: Readonly<Record<string, string>> = {
  in: 'Clock In',
  out: 'Clock Out',
  inout: 'Clock In and Clock Out',
  /** Breaks only (presses made offline and held for a manager, issue 39). */
  breaks: 'Breaks',
  add: 'New shift',
};

/** A request to add a shift (issue 39): 'New shift: Tue, Nov 24 9:02 AM – 5:00 PM' (an open end: '…'). */
export function newShiftText(start: string | null, end: string | null, timeZone: string): string {
  if (!start) return 'New shift';
  const from = `${shortDate(start, timeZone)} ${shortTime(start, timeZone)}`;
  if (!end) return `New shift: ${from} – …`;
  const sameDay = shortDate(start, timeZone) === shortDate(end, timeZone);
  return `New shift: ${from} – ${sameDay ? shortTime(end, timeZone) : `${shortDate(end, timeZone)} ${shortTime(end, timeZone)}`}`;
}

/** Spec 001 §2, 001 §8: the question before cancelling a responded time-off request. */
export const CANCEL_TIMEOFF = { title: 'Are you sure?', message: "Once you hit cancel there's no going back!" } as const;

/**
 * Under a pending request the viewer may not answer (their own, or one they filed for someone),
 * instead of Approve and Reject: who answers it.
 */
export function ownRequestText(approvers: readonly string[]): string {
  if (approvers.length === 0) return 'You cannot answer a request of your own: it needs another admin or the manager, and your company has none yet.';
  const names = approvers.length === 1 ? approvers[0]! : `${approvers.slice(0, -1).join(', ')} or ${approvers[approvers.length - 1]!}`;
  return `You cannot answer a request of your own: ${names} can.`;
}

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

export { formatTimeOff, timeOffDates } from '@/lib/time-off';
