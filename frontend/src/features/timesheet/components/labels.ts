import { formatDateTime, formatHoursMinutes, formatIsoDate, formatTime, WEEKDAY_NAMES, weekdayOf } from '@/lib/company-time';
import { ApiError } from '@/lib/api-client';
import { formFailure, GENERIC_FORM_ERROR, type FormFailure } from '@/lib/form-errors';
import type { Break, ChangeType } from '../api/schemas';

/** Spec 000 §8 empty states and texts of the timesheet screens. */
export const TEXTS = {
  noClockData: (employee: string) => `No clock data for ${employee} !`,
  noChange: 'No change was made',
  noBreaks: 'No breaks logged during this shift.',
  noPaycycleData: 'There is no data for this pay cycle',
  noOvertime: 'There is no overtime data',
  noData: 'No data',
  requestSubmitted: 'Woohoo! Your request has been submitted.',
} as const;

/**
 * Badge colours, filled with automatic text contrast: light badges' coloured text on a tint fails
 * WCAG AA (axe, e2e journey 8).
 */
export const BADGE_COLORS = { pending: 'yellow.4', approved: 'green.9', rejected: 'red.9', neutral: 'gray.7' } as const;

export const ACTION_LABELS: Record<string, string> = {
  start: 'Clock In',
  break: 'Break Start',
  resume: 'Break End',
  end: 'Clock Out',
};

export const CHANGE_TYPE_LABELS: Record<ChangeType, string> = {
  in: 'Clock In',
  out: 'Clock Out',
  inout: 'Clock In and Clock Out',
};

export const BREAK_OPERATION_LABELS: Record<string, string> = {
  NOCHANGE: 'No change',
  REMOVE: 'Remove all breaks',
  REPLACE: 'Replace breaks',
};

/** 'Sunday 11/15/2026'. */
export const dayLabel = (isoDate: string): string => `${WEEKDAY_NAMES[weekdayOf(isoDate)]} ${formatIsoDate(isoDate)}`;

export const dateTimeOrDash = (instant: string | null, timeZone: string): string => (instant ? formatDateTime(instant, timeZone) : '—');

export const breakLabel = (b: Break, timeZone: string): string => `${formatTime(b.from, timeZone)} – ${b.to ? formatTime(b.to, timeZone) : '…'}`;

/** Closed breaks' minutes. */
export function breakMinutes(breaks: readonly Break[]): number {
  return breaks.reduce((sum, b) => (b.to ? sum + Math.max(0, Math.floor((Date.parse(b.to) - Date.parse(b.from)) / 60_000)) : sum), 0);
}

export { formatHoursMinutes };

/** The rules overtime was counted under: 'California rules'; a name that says it already ('Company rules') as it is. */
export const rulesLabel = (name: string): string => (/\brules$/i.test(name.trim()) ? name.trim() : `${name.trim()} rules`);

/** A failed panel call for a red box: the server's first message for 4xx, the generic text otherwise. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.firstMessage;
  return GENERIC_FORM_ERROR;
}

/**
 * A failed form post of a panel (spec 000 §8): a 400's field errors go to the fields; the other
 * refusals the server explains (409 'There is already a pending edit request for this shift.',
 * 403, 404) show its message; anything else 'Something went horribly wrong!'.
 */
export function panelFormFailure(error: unknown, fields: readonly string[]): FormFailure {
  return formFailure(error, fields, { useServerMessage: error instanceof ApiError && error.status < 500 });
}
