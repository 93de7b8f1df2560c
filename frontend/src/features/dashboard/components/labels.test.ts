import { describe, expect, it } from 'vitest';
import { formatWorkedTime, payCycleRange, sortEmployeeHours, weekOptions } from './labels';

describe('dashboard labels', () => {
  it("shows minutes under an hour, otherwise hours with one decimal (spec 001 §9)", () => {
    expect(formatWorkedTime(0)).toBe('0 min');
    expect(formatWorkedTime(59)).toBe('59 min');
    expect(formatWorkedTime(60)).toBe('1.0 hrs');
    expect(formatWorkedTime(90)).toBe('1.5 hrs');
    expect(formatWorkedTime(2437)).toBe('40.6 hrs');
  });

  it("writes the pay cycle as 'Month DD - Month DD'", () => {
    expect(payCycleRange('2026-11-01', '2026-11-14')).toBe('November 01 - November 14');
    expect(payCycleRange('2026-12-27', '2027-01-09')).toBe('December 27 - January 09');
  });

  it('offers the current Sunday–Saturday week and the 3 before it', () => {
    const weeks = weekOptions('2026-11-18'); // a Wednesday
    expect(weeks.map((w) => [w.start, w.end])).toEqual([
      ['2026-11-15', '2026-11-21'],
      ['2026-11-08', '2026-11-14'],
      ['2026-11-01', '2026-11-07'],
      ['2026-10-25', '2026-10-31'],
    ]);
    expect(weeks[0]!.label).toBe('This week (Nov 15 - Nov 21)');
    expect(weeks[3]!.label).toBe('3 weeks ago (Oct 25 - Oct 31)');
    // A Sunday starts its own week.
    expect(weekOptions('2026-11-15')[0]!.start).toBe('2026-11-15');
  });

  it('sorts by name A-Z (last name, then first) or by hours, most first', () => {
    const rows = [
      { firstname: 'Zoe', lastname: 'adams', minutes: 30 },
      { firstname: 'Bob', lastname: 'Brooks', minutes: 600 },
      { firstname: 'Amy', lastname: 'Adams', minutes: 600 },
    ];
    expect(sortEmployeeHours(rows, 'name').map((r) => r.firstname)).toEqual(['Amy', 'Zoe', 'Bob']);
    expect(sortEmployeeHours(rows, 'hours').map((r) => r.firstname)).toEqual(['Amy', 'Bob', 'Zoe']);
  });
});
