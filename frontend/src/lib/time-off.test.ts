import { describe, expect, it } from 'vitest';
import { formatTimeOff, slashDate, timeOffDates } from './time-off';

describe('time off as it reads', () => {
  it('shows full days, ranges and partial days in the company wall time', () => {
    expect(timeOffDates('2026-12-01 00:00:00', '2026-12-03 23:59:59', false)).toBe('12/01/2026 – 12/03/2026');
    expect(timeOffDates('2026-12-01 00:00:00', '2026-12-01 23:59:59', false)).toBe('12/01/2026');
    expect(timeOffDates('2026-12-01 09:00:00', '2026-12-01 11:30:00', true)).toBe('12/01/2026 09:00 AM – 11:30 AM');
    expect(timeOffDates('2026-12-01 12:00:00', '2026-12-01 15:00:00', true)).toBe('12/01/2026 12:00 PM – 03:00 PM');
    expect(timeOffDates('2026-12-01 23:00:00', '2026-12-02 01:00:00', true)).toBe('12/01/2026 11:00 PM – 12/02/2026 01:00 AM');
    expect(slashDate('2026-02-03')).toBe('02/03/2026');
  });

  it('shows minutes under an hour, hours with at most two decimals, and a sign when asked', () => {
    expect(formatTimeOff(45)).toBe('45 min');
    expect(formatTimeOff(60)).toBe('1 hr');
    expect(formatTimeOff(90)).toBe('1.5 hrs');
    expect(formatTimeOff(100)).toBe('1.67 hrs');
    expect(formatTimeOff(-480, { signed: true })).toBe('-8 hrs');
    expect(formatTimeOff(150, { signed: true })).toBe('+2.5 hrs');
  });
});
