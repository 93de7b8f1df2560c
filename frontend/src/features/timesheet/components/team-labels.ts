import { formatHoursMinutes, formatIsoDate, WEEKDAY_NAMES, weekdayOf } from '@/lib/company-time';
import { formatMediumDate } from '@/lib/company-time';
import type { PeriodReview, TeamRow } from '../api/get-team-timesheet';

/** A cell's hours: '7h 05m', or a dash for nothing. */
export const cellHours = (minutes: number): string => (minutes > 0 ? formatHoursMinutes(minutes) : '–');

/** 'Mon 10/05' over a day's column. */
export const dayHeading = (isoDate: string): string => `${WEEKDAY_NAMES[weekdayOf(isoDate)]!.slice(0, 3)} ${formatIsoDate(isoDate).slice(0, 5)}`;

/** 'Approved by Max Manager on Nov 27, 2026'. */
export const reviewText = (review: PeriodReview, timeZone: string): string =>
  `Approved by ${review.reviewedBy} on ${formatMediumDate(review.reviewedAt, timeZone)}`;

/** What needs a look before approving: a missed clock-out, requests waiting. */
export function flagsOf(row: TeamRow, timeZone: string): string[] {
  const flags: string[] = [];
  if (row.openShiftSince) flags.push(`Clocked in since ${formatMediumDate(row.openShiftSince, timeZone)}: missed clock-out?`);
  if (row.pendingEdits > 0) flags.push(`${row.pendingEdits} timesheet edit${row.pendingEdits === 1 ? '' : 's'} waiting`);
  if (row.pendingTimeOff > 0) flags.push(`${row.pendingTimeOff} time-off request${row.pendingTimeOff === 1 ? '' : 's'} waiting`);
  return flags;
}

/** The people whose period the viewer may approve and nobody has yet ('Approve all'). */
export const stillToApprove = (people: readonly TeamRow[]): TeamRow[] => people.filter((row) => row.mayApprove && row.review === null);

/** The person's own timesheet for the period (start and end in the address). */
export const personWeekPath = (row: TeamRow, start: string, end: string): string =>
  `/timesheet/employee/${row.employeeId}?start=${start}&end=${end}`;
