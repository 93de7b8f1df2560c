import { describe, expect, it } from 'vitest';
import { employeesSummary, formatBreak, formatClock, formatHours, formatRequestDates, personName, ptoTypeName } from './format';
import { nextSort, sortRows } from './sorting';

describe('report formats', () => {
  it('shows hours with two decimals', () => {
    expect(formatHours(12.5)).toBe('12.50');
    expect(formatHours(0)).toBe('0.00');
    expect(formatHours(2.58)).toBe('2.58');
  });

  it('marks terminated people', () => {
    expect(personName({ firstname: 'Zoe', lastname: 'Young', status: 0 })).toBe('Zoe Young (terminated)');
    expect(personName({ firstname: 'Emma', lastname: 'Brooks', status: 1 })).toBe('Emma Brooks');
    expect(employeesSummary([], [])).toBe('Everyone');
    expect(employeesSummary([11, 4], [{ id: 11, firstname: 'Zoe', lastname: 'Young', status: 0 }])).toBe('Zoe Young (terminated), Employee 4');
  });

  it("shows a clock time as 'hh:mm A', with the day when it is not the shift's", () => {
    expect(formatClock('2026-11-02 09:03:00', '2026-11-02')).toBe('09:03 AM');
    expect(formatClock('2026-11-02 12:30:00', '2026-11-02')).toBe('12:30 PM');
    expect(formatClock('2026-11-03 00:15:00', '2026-11-02')).toBe('11/03/2026 12:15 AM');
    expect(formatClock(null, '2026-11-02')).toBe('—');
  });

  it('shows breaks and the days of a request', () => {
    expect(formatBreak(0)).toBe('—');
    expect(formatBreak(45)).toBe('45 min');
    expect(formatBreak(60)).toBe('1 hr');
    expect(formatBreak(75)).toBe('1 hr 15 min');
    expect(formatRequestDates('2026-11-09 00:00:00', '2026-11-10 23:59:59')).toBe('11/09/2026 – 11/10/2026');
    expect(formatRequestDates('2026-11-09 00:00:00', '2026-11-09 23:59:59')).toBe('11/09/2026');
    expect(formatRequestDates('2026-11-12 09:00:00', '2026-11-12 11:30:00')).toBe('11/12/2026 09:00 AM – 11:30 AM');
    expect(formatRequestDates('2026-11-09', '2026-11-10')).toBe('11/09/2026 – 11/10/2026');
  });

  it('names a type of time off from the list, else the request, else by id', () => {
    expect(ptoTypeName([{ id: 5, name: 'Vacation' }], 5)).toBe('Vacation');
    expect(ptoTypeName([], 5, 'Old type')).toBe('Old type');
    expect(ptoTypeName([], 5)).toBe('Type 5');
  });
});

describe('sorting', () => {
  const rows = [
    { name: 'b', hours: 2 },
    { name: 'A', hours: 10 },
    { name: 'c', hours: 2 },
  ];

  it('sorts numbers by value and text case-blind, keeping ties in their order', () => {
    expect(sortRows(rows, (r) => r.hours, 'ascending').map((r) => r.name)).toEqual(['b', 'c', 'A']);
    expect(sortRows(rows, (r) => r.hours, 'descending').map((r) => r.name)).toEqual(['A', 'b', 'c']);
    expect(sortRows(rows, (r) => r.name, 'ascending').map((r) => r.name)).toEqual(['A', 'b', 'c']);
    expect(sortRows(rows, undefined, 'ascending')).toEqual(rows);
    expect(sortRows(rows, undefined, 'ascending')).not.toBe(rows);
  });

  it('turns a column around on a second click and starts another ascending', () => {
    expect(nextSort(null, 'hours')).toEqual({ key: 'hours', direction: 'ascending' });
    expect(nextSort({ key: 'hours', direction: 'ascending' }, 'hours')).toEqual({ key: 'hours', direction: 'descending' });
    expect(nextSort({ key: 'hours', direction: 'descending' }, 'hours')).toEqual({ key: 'hours', direction: 'ascending' });
    expect(nextSort({ key: 'hours', direction: 'descending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });
});
