/**
 * Company-zone date and time (spec 000 §9) for the clock and timesheet screens. Kept apart from
 * lib/dates.ts, which the first page loads, so that only the signed-in screens carry this code.
 *
 * Instants come from the server as ISO-8601 UTC strings; the browser shows them on the company's
 * wall clock (identity.timezone) and sends times back as 'YYYY-MM-DD HH:mm:ss' on that wall clock,
 * which the server reads in the same zone. No offset arithmetic happens here: Intl knows each
 * zone's daylight-saving rules.
 */

import { displayDate } from '@/lib/dates';

export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  /** 0 = Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatterCache.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        weekday: 'short',
        hourCycle: 'h23',
      });
    } catch {
      // An unknown zone name: the browser's own zone.
      return wallFormatter(undefined);
    }
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at `instant` (a Date, epoch ms or ISO string). */
export function wallClockIn(instant: Date | number | string, timeZone?: string): WallClock {
  const date = instant instanceof Date ? instant : new Date(instant);
  const p = Object.fromEntries(wallFormatter(timeZone).formatToParts(date).map((x) => [x.type, x.value]));
  return {
    year: p.year ?? '1970',
    month: p.month ?? '01',
    day: p.day ?? '01',
    hour: String(Number(p.hour ?? 0) % 24).padStart(2, '0'),
    minute: p.minute ?? '00',
    second: p.second ?? '00',
    weekday: Math.max(0, WEEKDAYS.indexOf(p.weekday ?? 'Sun')),
  };
}

/** 'YYYY-MM-DD HH:mm:ss' on the wall clock of `timeZone`: what the server expects in posts. */
export function toLocalDateTime(instant: Date | number | string, timeZone?: string): string {
  const w = wallClockIn(instant, timeZone);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
}

/** 'HH:mm:ss' of an instant on the company clock (to fill time inputs). */
export function timeOfDayIn(instant: Date | number | string, timeZone?: string): string {
  const w = wallClockIn(instant, timeZone);
  return `${w.hour}:${w.minute}:${w.second}`;
}

/**
 * A date and a time of day ('HH:mm' or 'HH:mm:ss', as time inputs give them) as
 * 'YYYY-MM-DD HH:mm:ss'. Null when the time is empty or not a time.
 */
export function combineDayAndTime(isoDate: string, time: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(time.trim());
  if (!match || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const [, h = '0', m = '00', s = '00'] = match;
  if (Number(h) > 23 || Number(m) > 59 || Number(s) > 59) return null;
  return `${isoDate} ${h.padStart(2, '0')}:${m}:${s}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function hour12(hour: number): { hh: string; h: string; ampm: 'AM' | 'PM' } {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return { hh: pad2(h), h: String(h), ampm: hour < 12 ? 'AM' : 'PM' };
}

/** 'MM/DD/YYYY hh:mm A' in the company zone (spec 000 §9). Empty for a missing instant. */
export function formatDateTime(instant: string | null | undefined, timeZone?: string): string {
  if (!instant) return '';
  const w = wallClockIn(instant, timeZone);
  const { hh, ampm } = hour12(Number(w.hour));
  return `${w.month}/${w.day}/${w.year} ${hh}:${w.minute} ${ampm}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM DD, YYYY' of an instant on the company's calendar (spec 001 §9). */
export function formatMediumDate(instant: string, timeZone?: string): string {
  const w = wallClockIn(instant, timeZone);
  return `${MONTHS[Number(w.month) - 1] ?? ''} ${w.day}, ${w.year}`;
}

/** 'MMM DD, YYYY' of a calendar date 'YYYY-MM-DD' (no zone: it is a day, not an instant); '' for none. */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${d}, ${y}`;
}

/** 'hh:mm A' in the company zone. */
export function formatTime(instant: string | null | undefined, timeZone?: string): string {
  if (!instant) return '';
  const w = wallClockIn(instant, timeZone);
  const { hh, ampm } = hour12(Number(w.hour));
  return `${hh}:${w.minute} ${ampm}`;
}

/** 'HH:mm' (24-hour) of an instant on the company clock, e.g. '17:12'. Empty for a missing instant. */
export function formatTime24(instant: string | null | undefined, timeZone?: string): string {
  if (!instant) return '';
  const w = wallClockIn(instant, timeZone);
  return `${w.hour}:${w.minute}`;
}

/** 'MM/DD/YYYY' of a calendar date 'YYYY-MM-DD' (lib/dates.ts's `displayDate`, the one display format). */
export const formatIsoDate = displayDate;

/** 'H:MM AM' of a company-clock 'HH:mm', e.g. '09:00' -> '9:00 AM'. */
export function formatClockTime(hhmm: string): string {
  const [h = '0', m = '00'] = hhmm.split(':');
  const { h: hour, ampm } = hour12(Number(h) % 24);
  return `${hour}:${m.padStart(2, '0').slice(0, 2)} ${ampm}`;
}

/** The calendar date `days` after 'YYYY-MM-DD' (negative: before). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Weeks run Sunday to Saturday (spec 000 §9). */
export interface Week {
  start: string;
  end: string;
}

/** The Sunday–Saturday week that holds a calendar date. */
export function weekOf(isoDate: string): Week {
  const start = addDays(isoDate, -weekdayOf(isoDate));
  return { start, end: addDays(start, 6) };
}

export const isIsoDate = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value;

/** Spec 000 §9: hours are minutes floor-divided by 60. */
export const wholeHours = (minutes: number): number => Math.floor(Math.max(0, minutes) / 60);

/** '1 hour', '2 hours', '0 hours': a count with its unit in the right number. */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** '7h 05m': whole hours (floor) and the remaining minutes. */
export function formatHoursMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  return `${wholeHours(m)}h ${pad2(m % 60)}m`;
}

/**
 * The week a timesheet shows: the `start` and `end` query parameters when given ('YYYY-MM-DD';
 * end defaults to start + 6), otherwise the Sunday–Saturday week of `today`.
 */
export function weekFromParams(start: string | null, end: string | null, today: string): Week {
  if (!isIsoDate(start)) return weekOf(today);
  return { start, end: isIsoDate(end) && end >= start ? end : addDays(start, 6) };
}

/** The previous (-1) or next (+1) week: 7-day steps. */
export const shiftWeek = (week: Week, steps: number): Week => ({ start: addDays(week.start, 7 * steps), end: addDays(week.end, 7 * steps) });

/**
 * A 'YYYY-MM-DD HH:mm:ss' built from a form's 'HH:mm' keeps the seconds of the original value
 * when the minute is unchanged, so saving a form does not record a change nobody made.
 */
export function keepOriginalSeconds(value: string | null, originals: readonly (string | null | undefined)[]): string | null {
  if (!value || !value.endsWith(':00')) return value;
  const minute = value.slice(0, 16);
  return originals.find((o) => o && o.slice(0, 16) === minute) ?? value;
}
