import { describe, expect, it } from 'vitest';
import type { PayPeriod } from '../api/pay-periods';
import { isPresetRange, rangePresets } from './range-presets';

const semimonthly: Pick<PayPeriod, 'start' | 'end' | 'closed'>[] = [
  { start: '2026-11-16', end: '2026-11-30', closed: false },
  { start: '2026-11-01', end: '2026-11-15', closed: true },
  { start: '2026-10-16', end: '2026-10-31', closed: true },
];

const ranges = (today: string, periods: readonly Pick<PayPeriod, 'start' | 'end'>[] = semimonthly) =>
  Object.fromEntries(rangePresets(today, periods).map((p) => [p.label, p.range]));

describe('the quick ranges of the report filter', () => {
  it('takes this and the last pay period from the server’s periods, and months from the company’s today', () => {
    expect(ranges('2026-11-20')).toEqual({
      'This pay period': ['2026-11-16', '2026-11-30'],
      'Last pay period': ['2026-11-01', '2026-11-15'],
      'This month': ['2026-11-01', '2026-11-30'],
      'Last month': ['2026-10-01', '2026-10-31'],
      'Year to date': ['2026-01-01', '2026-11-20'],
    });
  });

  it('crosses the year in January and knows February’s length', () => {
    expect(ranges('2026-01-01', [])).toMatchObject({
      'This month': ['2026-01-01', '2026-01-31'],
      'Last month': ['2025-12-01', '2025-12-31'],
      'Year to date': ['2026-01-01', '2026-01-01'],
    });
    expect(ranges('2028-03-31', [])).toMatchObject({ 'This month': ['2028-03-01', '2028-03-31'], 'Last month': ['2028-02-01', '2028-02-29'] });
    expect(ranges('2026-12-15', [])).toMatchObject({ 'This month': ['2026-12-01', '2026-12-31'] });
  });

  it('leaves the pay periods unknown until the server has answered, or when today is past them', () => {
    expect(ranges('2026-11-20', [])).toMatchObject({ 'This pay period': null, 'Last pay period': null });
    // The company's day turned before the list was fetched again: no period holds today yet.
    expect(ranges('2026-12-01')).toMatchObject({ 'This pay period': null, 'Last pay period': null });
    // Only the current one listed: no last one.
    expect(ranges('2026-11-20', semimonthly.slice(0, 1))).toMatchObject({ 'This pay period': ['2026-11-16', '2026-11-30'], 'Last pay period': null });
  });

  it('tells which presets a range is', () => {
    const pressed = (range: [string | null, string | null], periods = semimonthly) =>
      rangePresets('2026-11-20', periods).filter((p) => isPresetRange(p, range)).map((p) => p.label);
    expect(pressed(['2026-11-01', '2026-11-15'])).toEqual(['Last pay period']);
    expect(pressed(['2026-01-01', '2026-11-20'])).toEqual(['Year to date']);
    expect(pressed(['2026-11-02', '2026-11-15'])).toEqual([]);
    expect(pressed([null, null], [])).toEqual([]);
    // A monthly pay cycle from the 1st: this pay period is this month.
    expect(pressed(['2026-11-01', '2026-11-30'], [{ start: '2026-11-01', end: '2026-11-30', closed: false }])).toEqual(['This pay period', 'This month']);
  });
});
