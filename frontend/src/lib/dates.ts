/**
 * Date helpers shared by the shell and later screens. Calendar dates are 'YYYY-MM-DD' strings;
 * "today" is the user's wall-clock date in their company time zone when one is known.
 */

export const DEFAULT_TIMEZONE = 'America/New_York';

/**
 * The one way the app shows a calendar day (spec 000 §9: 'MM/DD/YYYY'), also the `valueFormat` of
 * its date fields. Never with dashes: 12-25-2026 read as another format next to 12/25/2026.
 */
export const DISPLAY_DATE_FORMAT = 'MM/DD/YYYY';

/** 'MM/DD/YYYY' of a calendar date 'YYYY-MM-DD' (a time after it is ignored); anything else as it came. */
export function displayDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate.trim());
  return match ? `${match[2]}/${match[3]}/${match[1]}` : isoDate;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** True when year-month-day names a day of the calendar (no 02-30). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A typed date as 'YYYY-MM-DD': MM/DD/YYYY (how dates are shown), and MM-DD-YYYY or YYYY-MM-DD as
 * people also type them; null while the text is not a whole, real date (so a half-typed '07/0'
 * never jumps to another day). The `dateParser` of the app's date fields.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const us = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
  if (!parts) return null;
  const [year = 0, month = 0, day = 0] = parts.map(Number);
  return isCalendarDay(year, month, day) ? `${year}-${pad2(month)}-${pad2(day)}` : null;
}

export const TRIAL_DAYS = 30;
export const TRIAL_WARNING_DAYS = 3;

export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening';

/** Spec 000 §9: morning before 12, evening from 18. */
export function greetingForHour(hour: number): Greeting {
  if (hour < 12) return 'Good Morning';
  if (hour < 18) return 'Good Afternoon';
  return 'Good Evening';
}

function partsIn(date: Date, timeZone?: string): Record<string, string> {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    // An unknown zone name: fall back to the browser's own zone.
    return partsIn(date);
  }
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

/** The hour (0-23) of `date` on the wall clock of `timeZone`. */
export function hourIn(date: Date, timeZone?: string): number {
  return Number(partsIn(date, timeZone).hour) % 24;
}

/** The calendar date 'YYYY-MM-DD' of `date` in `timeZone`. */
export function isoDateIn(date: Date, timeZone?: string): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000);
}

/** Whole days from `today` to `trialEnd` (negative once past). Null when there is no trial end. */
export function trialDaysLeft(trialEnd: string | null, today: Date, timeZone?: string): number | null {
  if (!trialEnd || !/^\d{4}-\d{2}-\d{2}/.test(trialEnd)) return null;
  return dayNumber(trialEnd.slice(0, 10)) - dayNumber(isoDateIn(today, timeZone));
}

/** Spec 000 §4: the account is expired once the trial end is before today. */
export function isTrialExpired(trialEnd: string | null, today: Date, timeZone?: string): boolean {
  const left = trialDaysLeft(trialEnd, today, timeZone);
  return left !== null && left < 0;
}

/** Spec 000 §4: the reminder shows when 3 or fewer days remain (and the trial has not ended). */
export function shouldWarnTrial(trialEnd: string | null, today: Date, timeZone?: string): number | null {
  const left = trialDaysLeft(trialEnd, today, timeZone);
  return left !== null && left >= 0 && left <= TRIAL_WARNING_DAYS ? left : null;
}

/** The browser's IANA zone, sent on signup; the spec's default when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}
