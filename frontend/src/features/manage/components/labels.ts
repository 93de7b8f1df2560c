import { ApiError } from '@/lib/api-client';
import { wallClockIn } from '@/lib/company-time';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';

/** Spec 001 texts of the HR-folder screens. */
export const TEXTS = {
  noMatch: 'There is no employee who fits your search criteria',
  noEmployees: 'No Employees... You must be swamped!',
  noContact: 'There is no contact on file',
  noEmergencyContact: 'There is no emergency contact on file',
  noActivity: 'No activity yet',
  mailSentTitle: "Mail's away",
  bulkMailSent: 'We sent each new employee an e-mail with a link to create their password and log in.',
  newEmployeeMailSent: (name: string) => `We sent ${name} an e-mail with a link to create a password and log in.`,
  welcomeBack: (name: string) => `Welcome back, ${name}! The account is active again.`,
  unsavedChanges: 'You have unsaved changes, are you sure you want to leave this page?',
  noTimeOff: 'There is no time off request',
  cancelTimeOff: "Once you hit cancel there's no going back!",
  removeTimeOff: "Once you hit remove there's no going back!",
} as const;

/** The folder's tabs by their ?tab= number (spec 001 §2); only those built so far. */
export const FOLDER_TABS = { all: '1', timeOffHistory: '5' } as const;

/** Spec 001 §9: side panel widths; phones take the full width. */
export const DOCK_WIDTHS = { contact: 350, activity: 550 } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM DD, YYYY' of an instant on the company's calendar (spec 001 §9). */
export function formatMediumDate(instant: string, timeZone: string): string {
  const w = wallClockIn(instant, timeZone);
  return `${MONTHS[Number(w.month) - 1] ?? ''} ${w.day}, ${w.year}`;
}

/** 'MMM DD, YYYY' of a calendar date 'YYYY-MM-DD' (no zone: it is a day, not an instant). */
export function formatCalendarDate(isoDate: string | null): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${d}, ${y}`;
}

/** A failed call for an alert: the server's explanation of a refusal, else the generic text. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.firstMessage;
  return GENERIC_FORM_ERROR;
}

/** Spec 001 §8: form submission errors are prefixed 'Sorry'. */
export const sorry = (message: string): string => `Sorry ${message}`;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'MM/DD/YYYY' and 'hh:mm A' of the company's wall time 'YYYY-MM-DD HH:mm:ss'. */
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
 * The days of a time-off request: 'MM/DD/YYYY', 'MM/DD/YYYY - MM/DD/YYYY', or a partial day with
 * its times 'MM/DD/YYYY hh:mm A - hh:mm A'. Start and end are already the company's wall time.
 */
export function timeOffDates(start: string, end: string, partialDay: boolean): string {
  const from = splitLocal(start);
  const to = splitLocal(end || start);
  if (partialDay && from.time && to.time) {
    return from.date === to.date ? `${from.date} ${from.time} - ${to.time}` : `${from.date} ${from.time} - ${to.date} ${to.time}`;
  }
  return from.date === to.date ? from.date : `${from.date} - ${to.date}`;
}

/** 'MM/DD/YYYY' of a calendar date 'YYYY-MM-DD'. */
export const slashDate = (isoDate: string): string => splitLocal(isoDate).date;

/** Time off in hours; under 60 minutes as minutes (spec 000 §9): '45 min', '8 hrs', '1.5 hrs'. */
export function formatTimeOff(minutes: number, { signed = false }: { signed?: boolean } = {}): string {
  const m = Math.abs(Math.round(minutes));
  const sign = signed ? (minutes < 0 ? '-' : '+') : '';
  if (m < 60) return `${sign}${m} min`;
  const hours = Number((m / 60).toFixed(2));
  return `${sign}${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
}
