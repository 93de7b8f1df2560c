import { describe, expect, it } from 'vitest';
import { dailyHoursSchema } from '../api/get-daily-hours';
import { dailyHoursBars, formatAxisHours, hasNoHours, hourTicks, hoursDown, hoursHalfUp, monthSlashDay } from './daily-hours';

describe('the hours-per-day chart data', () => {
  it('rounds regular hours and PTO half up and overtime down, to two decimals', () => {
    expect(hoursHalfUp(100)).toBe(1.67);
    expect(hoursDown(100)).toBe(1.66);
    expect(hoursHalfUp(135)).toBe(2.25);
    expect(hoursHalfUp(0)).toBe(0);
    expect(hoursDown(59)).toBe(0.98);
  });

  it("stacks regular (worked − overtime), overtime and PTO per day labelled 'MM/DD'", () => {
    expect(
      dailyHoursBars([
        { date: '2026-11-02', workedMinutes: 600, overtimeMinutes: 100, ptoMinutes: 0 },
        { date: '2026-11-03', workedMinutes: 0, overtimeMinutes: 0, ptoMinutes: 480 },
      ]),
    ).toEqual([
      { day: '11/02', date: '2026-11-02', Regular: 8.33, Overtime: 1.66, PTO: 0 },
      { day: '11/03', date: '2026-11-03', Regular: 0, Overtime: 0, PTO: 8 },
    ]);
    expect(monthSlashDay('2026-01-09')).toBe('01/09');
  });

  it('counts double time (issue 37) with the overtime, never as regular hours', () => {
    expect(dailyHoursBars([{ date: '2026-11-02', workedMinutes: 780, overtimeMinutes: 240, doubleTimeMinutes: 60, ptoMinutes: 0 }])).toEqual([
      { day: '11/02', date: '2026-11-02', Regular: 8, Overtime: 5, PTO: 0 },
    ]);
  });

  it('knows a pay cycle without hours', () => {
    expect(hasNoHours([])).toBe(true);
    expect(hasNoHours([{ date: '2026-11-02', workedMinutes: 0, overtimeMinutes: 0, ptoMinutes: 0 }])).toBe(true);
    expect(hasNoHours([{ date: '2026-11-02', workedMinutes: 0, overtimeMinutes: 0, ptoMinutes: 30 }])).toBe(false);
  });

  it('reads missing minutes as none', () => {
    expect(dailyHoursSchema.parse({ start: '2026-11-01', end: '2026-11-14', days: [{ date: '2026-11-01', workedMinutes: 60 }] }).days).toEqual([
      { date: '2026-11-01', workedMinutes: 60, overtimeMinutes: 0, doubleTimeMinutes: 0, ptoMinutes: 0 },
    ]);
  });
});

describe("the hour axis of 'Hours per day' (issue 36)", () => {
  const bar = (Regular: number, Overtime = 0, PTO = 0) => ({ day: '11/02', date: '2026-11-02', Regular, Overtime, PTO });

  it('ticks whole or half hours from 0 over the tallest stack, never hundredths', () => {
    // A minute or two of work: Recharts alone made 0.01, 0.01, 0.02 of it.
    expect(hourTicks([bar(0.02), bar(0.01)])).toEqual([0, 0.5]);
    expect(hourTicks([bar(1.2)])).toEqual([0, 0.5, 1, 1.5]);
    expect(hourTicks([bar(3.5)])).toEqual([0, 1, 2, 3, 4]);
    expect(hourTicks([bar(8.33, 1.66), bar(0, 0, 8)])).toEqual([0, 2, 4, 6, 8, 10]);
    expect(hourTicks([bar(10), bar(14)])).toEqual([0, 4, 8, 12, 16]);
    expect(hourTicks([bar(24)])).toEqual([0, 6, 12, 18, 24]);
    expect(hourTicks([])).toEqual([0, 0.5]);
  });

  it("writes a tick as hours: '2 h'", () => {
    expect([0, 0.5, 2, 10].map(formatAxisHours)).toEqual(['0 h', '0.5 h', '2 h', '10 h']);
  });
});
