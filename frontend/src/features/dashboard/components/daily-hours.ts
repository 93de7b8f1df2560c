import type { DailyHoursDay } from '../api/get-daily-hours';

/** A bar of the 'Hours per day' chart: the day as 'MM/DD' and its hours, two decimals each. */
export interface DailyHoursBar {
  day: string;
  date: string;
  Regular: number;
  Overtime: number;
  PTO: number;
}

/** Minutes as hours rounded half up to two decimals (integer arithmetic: no 0.1 + 0.2 surprises). */
export const hoursHalfUp = (minutes: number): number => Math.floor((Math.max(0, Math.round(minutes)) * 100 + 30) / 60) / 100;

/** Overtime minutes as hours rounded down to two decimals (000 §9). */
export const hoursDown = (minutes: number): number => Math.floor((Math.max(0, Math.round(minutes)) * 100) / 60) / 100;

/** 'MM/DD' of 'YYYY-MM-DD'. */
export const monthSlashDay = (isoDate: string): string => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}`;

/** A day's figures; double time (issue 37) is 0 when not given. */
type DayFigures = Omit<DailyHoursDay, 'doubleTimeMinutes'> & { doubleTimeMinutes?: number };

/**
 * The chart's stacked bars: Regular = worked − overtime − double time, Overtime (double time
 * included: both are the premium hours), PTO, in hours. Worked minutes include the overtime and
 * the double time, so no minute counts twice.
 */
export function dailyHoursBars(days: readonly DayFigures[]): DailyHoursBar[] {
  return days.map((d) => {
    const overtime = Math.min(d.overtimeMinutes + (d.doubleTimeMinutes ?? 0), d.workedMinutes);
    return {
      day: monthSlashDay(d.date),
      date: d.date,
      Regular: hoursHalfUp(d.workedMinutes - overtime),
      Overtime: hoursDown(overtime),
      PTO: hoursHalfUp(d.ptoMinutes),
    };
  });
}

/** Tick steps of the hour axis: whole or half hours, never the 0.01s Recharts picks for a few minutes. */
const HOUR_STEPS = [0.5, 1, 2, 4, 6, 8, 12, 24] as const;
const MAX_STEPS = 5;

/**
 * The hour axis' ticks: from 0 to the tallest day's stack rounded up to a step, in at most five
 * equal steps of whole or half hours. A day of a few minutes still gets [0, 0.5].
 */
export function hourTicks(bars: readonly DailyHoursBar[]): number[] {
  const top = Math.max(0, ...bars.map((bar) => bar.Regular + bar.Overtime + bar.PTO));
  const step = HOUR_STEPS.find((candidate) => Math.ceil(top / candidate) <= MAX_STEPS) ?? 24 * Math.ceil(top / 24 / MAX_STEPS);
  const count = Math.max(1, Math.ceil(top / step));
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/** An hour tick: '0 h', '0.5 h', '2 h'. */
export const formatAxisHours = (hours: number): string => `${hours} h`;

/** True when no day has any hours: the chart shows its empty text instead. */
export const hasNoHours = (days: readonly DayFigures[]): boolean => days.every((d) => d.workedMinutes <= 0 && d.ptoMinutes <= 0);
