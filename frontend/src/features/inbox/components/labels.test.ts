import { describe, expect, it } from 'vitest';
import { formatTimeOff, respondedByText, timeOffDates } from './labels';

describe('inbox labels', () => {
  it('writes full days as dates and a partial day with its times, from the company wall time', () => {
    expect(timeOffDates('2026-12-01 00:00:00', '2026-12-03 23:59:59', false)).toBe('12/01/2026 - 12/03/2026');
    expect(timeOffDates('2026-12-01 00:00:00', '2026-12-01 23:59:59', false)).toBe('12/01/2026');
    expect(timeOffDates('2026-12-01 09:00:00', '2026-12-01 11:30:00', true)).toBe('12/01/2026 09:00 AM - 11:30 AM');
    expect(timeOffDates('2026-12-01 12:00:00', '2026-12-01 15:00:00', true)).toBe('12/01/2026 12:00 PM - 03:00 PM');
    expect(timeOffDates('2026-12-01 23:00:00', '2026-12-02 01:00:00', true)).toBe('12/01/2026 11:00 PM - 12/02/2026 01:00 AM');
  });

  it('shows time off under an hour in minutes, otherwise in hours with at most two decimals', () => {
    expect(formatTimeOff(45)).toBe('45 min');
    expect(formatTimeOff(60)).toBe('1 hr');
    expect(formatTimeOff(90)).toBe('1.5 hrs');
    expect(formatTimeOff(100)).toBe('1.67 hrs');
    expect(formatTimeOff(1440)).toBe('24 hrs');
    expect(formatTimeOff(-480)).toBe('8 hrs');
  });

  it("names who answered: 'Approved By' or 'Rejected By'", () => {
    expect(respondedByText(1, 'Ada A.')).toBe('Approved By Ada A.');
    expect(respondedByText(2, 'Max M.')).toBe('Rejected By Max M.');
    expect(respondedByText(1, null)).toBe('Approved');
  });
});
