import { shiftWeek, weekOf, type Week } from '@/lib/company-time';

/** Spec 001 §2 and §8: the dashboard's empty states. */
export const DASHBOARD_TEXTS = {
  noPaycycleData: 'There is no data for this pay cycle',
  noData: 'No data',
  noOvertime: 'There is no overtime data',
  nobodyNearOvertime: 'Nobody is near overtime today.',
} as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'November 05' of a calendar date 'YYYY-MM-DD'. */
export function monthDay(isoDate: string, { short = false }: { short?: boolean } = {}): string {
  const [, m = '1', d = '1'] = isoDate.slice(0, 10).split('-');
  const month = MONTHS[Number(m) - 1] ?? '';
  return `${short ? month.slice(0, 3) : month} ${d.padStart(2, '0')}`;
}

/** The pay cycle as 'Month DD - Month DD' (spec 001 §2). */
export const payCycleRange = (start: string, end: string): string => `${monthDay(start)} - ${monthDay(end)}`;

/**
 * Spec 001 §9: under 60 minutes show as minutes, otherwise hours to one decimal.
 * 45 -> '45 min', 90 -> '1.5 hrs', 60 -> '1.0 hrs'.
 */
export function formatWorkedTime(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  return `${(m / 60).toFixed(1)} hrs`;
}

export interface WeekOption extends Week {
  label: string;
}

const WEEK_NAMES = ['This week', 'Last week', '2 weeks ago', '3 weeks ago'] as const;

/** The week filter (spec 000 §9): the current Sunday–Saturday week and the 3 before it. */
export function weekOptions(today: string): WeekOption[] {
  const current = weekOf(today);
  return WEEK_NAMES.map((name, i) => {
    const week = shiftWeek(current, -i);
    return { ...week, label: `${name} (${monthDay(week.start, { short: true })} - ${monthDay(week.end, { short: true })})` };
  });
}

export type HoursSort = 'name' | 'hours';

interface Sortable {
  firstname: string;
  lastname: string;
  minutes: number;
}

const byName = (a: Sortable, b: Sortable) =>
  a.lastname.localeCompare(b.lastname, undefined, { sensitivity: 'base' }) ||
  a.firstname.localeCompare(b.firstname, undefined, { sensitivity: 'base' });

/** Name: A-Z by last then first name (the default). Hours: most first, ties by name. */
export function sortEmployeeHours<T extends Sortable>(rows: readonly T[], sort: HoursSort): T[] {
  const copy = [...rows];
  return sort === 'hours' ? copy.sort((a, b) => b.minutes - a.minutes || byName(a, b)) : copy.sort(byName);
}

/** 'Ada Lovelace' -> first 'Ada', last 'Lovelace' (for an avatar's initials). */
export function splitName(name: string): { firstname: string; lastname: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstname: trimmed, lastname: '' } : { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1).trim() };
}
