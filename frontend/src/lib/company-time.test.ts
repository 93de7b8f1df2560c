import { describe, expect, it } from 'vitest';
import {
  addDays,
  combineDayAndTime,
  formatCalendarDate,
  formatClockTime,
  formatDateTime,
  formatHoursMinutes,
  formatIsoDate,
  formatMediumDate,
  formatTime,
  formatTime24,
  keepOriginalSeconds,
  shiftWeek,
  timeOfDayIn,
  toLocalDateTime,
  wallClockIn,
  weekFromParams,
  weekOf,
  plural,
  wholeHours,
} from './company-time';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

describe("instants on the company clock ('YYYY-MM-DD HH:mm:ss', spec 000 §9)", () => {
  it('reads a UTC instant in the company zone, not the browser zone', () => {
    expect(toLocalDateTime('2026-11-21T14:03:07Z', NY)).toBe('2026-11-21 09:03:07');
    expect(toLocalDateTime('2026-11-21T14:03:07Z', LA)).toBe('2026-11-21 06:03:07');
    expect(toLocalDateTime('2026-11-21T14:03:07Z', 'Europe/Berlin')).toBe('2026-11-21 15:03:07');
    // After midnight UTC it is still the evening before in New York.
    expect(toLocalDateTime('2026-11-22T03:30:00Z', NY)).toBe('2026-11-21 22:30:00');
  });

  it('follows the spring-forward change (2026-03-08 in New York: 02:00 EST -> 03:00 EDT)', () => {
    expect(toLocalDateTime('2026-03-08T06:59:59Z', NY)).toBe('2026-03-08 01:59:59');
    expect(toLocalDateTime('2026-03-08T07:00:00Z', NY)).toBe('2026-03-08 03:00:00');
    // A shift 06:00Z-12:00Z is six real hours but reads 01:00 to 08:00 on the wall clock.
    expect(toLocalDateTime('2026-03-08T06:00:00Z', NY)).toBe('2026-03-08 01:00:00');
    expect(toLocalDateTime('2026-03-08T12:00:00Z', NY)).toBe('2026-03-08 08:00:00');
    expect(toLocalDateTime('2026-03-08T10:00:00Z', LA)).toBe('2026-03-08 03:00:00');
  });

  it('follows the fall-back change (2026-11-01 in New York: 01:00-01:59 happens twice)', () => {
    expect(toLocalDateTime('2026-11-01T05:30:00Z', NY)).toBe('2026-11-01 01:30:00');
    expect(toLocalDateTime('2026-11-01T06:30:00Z', NY)).toBe('2026-11-01 01:30:00');
    expect(toLocalDateTime('2026-11-01T07:00:00Z', NY)).toBe('2026-11-01 02:00:00');
    expect(timeOfDayIn('2026-11-01T08:15:09Z', LA)).toBe('01:15:09');
    expect(timeOfDayIn('2026-11-01T09:15:09Z', LA)).toBe('01:15:09');
  });

  it('puts form times on a given day as YYYY-MM-DD HH:mm:ss', () => {
    expect(combineDayAndTime('2026-03-08', '09:05')).toBe('2026-03-08 09:05:00');
    expect(combineDayAndTime('2026-03-08', '9:05')).toBe('2026-03-08 09:05:00');
    expect(combineDayAndTime('2026-11-01', '01:30:15')).toBe('2026-11-01 01:30:15');
    expect(combineDayAndTime('2026-11-01', '')).toBeNull();
    expect(combineDayAndTime('2026-11-01', '25:00')).toBeNull();
    expect(combineDayAndTime('', '10:00')).toBeNull();
  });

  it('keeps the seconds of an unchanged minute, and only then', () => {
    const originals = ['2026-11-21 09:03:07', '2026-11-21 17:30:42'];
    expect(keepOriginalSeconds('2026-11-21 09:03:00', originals)).toBe('2026-11-21 09:03:07');
    expect(keepOriginalSeconds('2026-11-21 17:31:00', originals)).toBe('2026-11-21 17:31:00');
    expect(keepOriginalSeconds('2026-11-22 09:03:00', originals)).toBe('2026-11-22 09:03:00');
    expect(keepOriginalSeconds(null, originals)).toBeNull();
  });

  it("displays 'MM/DD/YYYY hh:mm A' on the company clock", () => {
    expect(formatDateTime('2026-11-21T14:03:00Z', NY)).toBe('11/21/2026 09:03 AM');
    expect(formatDateTime('2026-11-21T17:00:00Z', NY)).toBe('11/21/2026 12:00 PM');
    expect(formatDateTime('2026-11-22T04:59:00Z', NY)).toBe('11/21/2026 11:59 PM');
    expect(formatDateTime('2026-11-22T05:00:00Z', NY)).toBe('11/22/2026 12:00 AM');
    expect(formatDateTime(null, NY)).toBe('');
    expect(formatTime('2026-07-04T20:45:00Z', LA)).toBe('01:45 PM');
    expect(formatIsoDate('2026-01-05')).toBe('01/05/2026');
    expect(wallClockIn('2026-11-21T14:03:00Z', NY).weekday).toBe(6);
  });

  it("displays 'HH:mm' (24-hour) of an instant on the company clock", () => {
    expect(formatTime24('2026-11-29T22:12:00Z', NY)).toBe('17:12');
    expect(formatTime24('2026-11-29T22:12:00Z', LA)).toBe('14:12');
    expect(formatTime24('2026-11-30T05:05:00Z', NY)).toBe('00:05');
    expect(formatTime24('2026-07-04T16:00:00Z', NY)).toBe('12:00');
    expect(formatTime24(null, NY)).toBe('');
  });

  it("displays 'MMM DD, YYYY' of an instant on the company's calendar, and of a calendar date as it is", () => {
    expect(formatMediumDate('2024-02-01T02:30:00Z', NY)).toBe('Jan 31, 2024');
    expect(formatMediumDate('2024-02-01T02:30:00Z', 'UTC')).toBe('Feb 01, 2024');
    expect(formatCalendarDate('2026-03-02')).toBe('Mar 02, 2026');
    expect(formatCalendarDate(null)).toBe('');
  });

  it("writes dayStartAt as the clock-in notice's time", () => {
    expect(formatClockTime('09:00')).toBe('9:00 AM');
    expect(formatClockTime('07:30')).toBe('7:30 AM');
    expect(formatClockTime('13:15')).toBe('1:15 PM');
    expect(formatClockTime('00:00')).toBe('12:00 AM');
  });
});

describe('weeks (Sunday to Saturday, 7-day steps)', () => {
  it('finds the week of a day', () => {
    expect(weekOf('2026-11-21')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(weekOf('2026-11-15')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(weekOf('2027-01-01')).toEqual({ start: '2026-12-27', end: '2027-01-02' });
    // The weeks holding the daylight-saving days are 7 calendar days like any other.
    expect(weekOf('2026-03-10')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(weekOf('2026-11-01')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
  });

  it('steps a week back and forth across months, years and DST changes', () => {
    const week = { start: '2026-11-01', end: '2026-11-07' };
    expect(shiftWeek(week, -1)).toEqual({ start: '2026-10-25', end: '2026-10-31' });
    expect(shiftWeek(week, 1)).toEqual({ start: '2026-11-08', end: '2026-11-14' });
    expect(shiftWeek({ start: '2026-12-27', end: '2027-01-02' }, 1)).toEqual({ start: '2027-01-03', end: '2027-01-09' });
    expect(shiftWeek({ start: '2026-03-08', end: '2026-03-14' }, -1)).toEqual({ start: '2026-03-01', end: '2026-03-07' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('takes start and end from the address, else the current week', () => {
    expect(weekFromParams(null, null, '2026-11-18')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(weekFromParams('2026-11-01', '2026-11-07', '2026-11-18')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(weekFromParams('2026-11-01', null, '2026-11-18')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(weekFromParams('2026-11-01', '2026-10-01', '2026-11-18')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(weekFromParams('2026-13-40', null, '2026-11-18')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(weekFromParams('garbage', null, '2026-11-18')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
  });
});

describe('hours (minutes floor-divided by 60)', () => {
  it.each([
    [0, 0, '0h 00m'],
    [59, 0, '0h 59m'],
    [60, 1, '1h 00m'],
    [479, 7, '7h 59m'],
    [2461, 41, '41h 01m'],
  ])('%i minutes -> %i hours, %s', (minutes, hours, text) => {
    expect(wholeHours(minutes)).toBe(hours);
    expect(formatHoursMinutes(minutes)).toBe(text);
  });
});

describe('plural', () => {
  it('says one hour and many hours', () => {
    expect(plural(1, 'hour')).toBe('1 hour');
    expect(plural(0, 'hour')).toBe('0 hours');
    expect(plural(2, 'hour')).toBe('2 hours');
    expect(plural(1, 'day')).toBe('1 day');
  });
});
