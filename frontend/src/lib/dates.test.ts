import { describe, expect, it } from 'vitest';
import { DISPLAY_DATE_FORMAT, displayDate, greetingForHour, hourIn, isoDateIn, isTrialExpired, shouldWarnTrial, trialDaysLeft } from './dates';

describe('greeting (spec 000 §9: morning before 12, evening from 18)', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
    [23, 'Good Evening'],
  ] as const)('%i h -> %s', (hour, greeting) => expect(greetingForHour(hour)).toBe(greeting));

  it('reads the hour on the company clock', () => {
    const instant = new Date('2024-07-01T15:30:00Z');
    expect(hourIn(instant, 'America/New_York')).toBe(11);
    expect(hourIn(instant, 'Europe/Berlin')).toBe(17);
    expect(hourIn(instant, 'Not/AZone')).toBeTypeOf('number');
  });
});

describe('trial', () => {
  // 03:00 UTC on 10 March is still 9 March in New York.
  const now = new Date('2024-03-10T03:00:00Z');
  it('counts days in the company zone', () => {
    expect(isoDateIn(now, 'America/New_York')).toBe('2024-03-09');
    expect(trialDaysLeft('2024-03-12', now, 'America/New_York')).toBe(3);
    expect(trialDaysLeft(null, now)).toBeNull();
  });

  it.each([
    ['2024-03-13', null, false],
    ['2024-03-12', 3, false],
    ['2024-03-10', 1, false],
    ['2024-03-09', 0, false],
    ['2024-03-08', null, true],
    [null, null, false],
  ] as const)('trial end %s: warn %s, expired %s', (trialEnd, warn, expired) => {
    expect(shouldWarnTrial(trialEnd, now, 'America/New_York')).toBe(warn);
    expect(isTrialExpired(trialEnd, now, 'America/New_York')).toBe(expired);
  });
});

describe('displayDate: the one display format of a day (issue 36)', () => {
  it("shows 'YYYY-MM-DD' as MM/DD/YYYY, never with dashes", () => {
    expect(displayDate('2026-12-25')).toBe('12/25/2026');
    expect(displayDate('2026-07-04 00:00:00')).toBe('07/04/2026');
    expect(DISPLAY_DATE_FORMAT).toBe('MM/DD/YYYY');
  });

  it('shows what is no date as it came', () => {
    expect(displayDate('soon')).toBe('soon');
    expect(displayDate('')).toBe('');
  });
});
