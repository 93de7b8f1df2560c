import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { approachingOvertimeSchema } from '../api/get-approaching-overtime';
import { ApproachingOvertimeCard, approachingOvertimeText } from './approaching-overtime-card';

const NY = 'America/New_York';
const people = (list: unknown[]) => () => response({ json: { people: list } });
const person = (overrides: Record<string, unknown>) => ({
  employeeId: 12,
  firstname: 'Ann',
  lastname: 'Lee',
  since: null,
  expectedAt: null,
  usualEnd: null,
  ...overrides,
});
const rowTexts = () =>
  screen.getAllByTestId('approaching-overtime-row').map((row) => [
    within(row).getByTestId('approaching-overtime-name').textContent,
    within(row).getByTestId('approaching-overtime-detail').textContent,
  ]);

afterEach(() => vi.useRealTimers());

describe('approachingOvertimeText (issue 37)', () => {
  const parse = (p: unknown) => approachingOvertimeSchema.parse({ people: [p] }).people[0]!;

  it('writes the times on the company clock, 24-hour', () => {
    // 23:12 UTC is 18:12 in New York and 15:12 in Los Angeles (November: standard time).
    expect(approachingOvertimeText(parse(person({ since: '2026-11-29T23:12:00Z' })), NY)).toBe('In overtime since 18:12');
    expect(approachingOvertimeText(parse(person({ since: '2026-11-29T23:12:00Z' })), 'America/Los_Angeles')).toBe('In overtime since 15:12');
    expect(
      approachingOvertimeText(parse(person({ expectedAt: '2026-11-30T00:30:00Z', usualEnd: '2026-11-30T01:00:00Z' })), NY),
    ).toBe('Overtime from 19:30 if they stay until 20:00');
    // Summer time: 21:05 UTC is 17:05 in New York.
    expect(approachingOvertimeText(parse(person({ since: '2026-07-01T21:05:00Z' })), NY)).toBe('In overtime since 17:05');
  });

  it('prefers since, and does without a usual end', () => {
    expect(
      approachingOvertimeText(parse(person({ since: '2026-11-29T22:00:00Z', expectedAt: '2026-11-29T21:00:00Z', usualEnd: '2026-11-30T01:00:00Z' })), NY),
    ).toBe('In overtime since 17:00');
    expect(approachingOvertimeText(parse(person({ expectedAt: '2026-11-30T00:30:00Z' })), NY)).toBe('Overtime from 19:30');
    expect(approachingOvertimeText(parse(person({})), NY)).toBe('');
  });

  it('reads an answer with missing fields', () => {
    expect(approachingOvertimeSchema.parse({})).toEqual({ people: [] });
    expect(approachingOvertimeSchema.parse({ people: [{ employeeId: 3, firstname: 'Bo', lastname: null }] }).people[0]).toEqual({
      employeeId: 3,
      firstname: 'Bo',
      lastname: '',
      since: null,
      expectedAt: null,
      usualEnd: null,
    });
  });
});

describe("the 'Approaching overtime' card (issue 37)", () => {
  it('lists who is in overtime and who will be, with the times in the company zone', async () => {
    const fetch = mockFetch({
      'GET /dashboard/approaching-overtime': people([
        person({ employeeId: 12, firstname: 'Ann', lastname: 'Lee', since: '2026-11-29T22:12:00Z' }),
        person({ employeeId: 13, firstname: 'Bob', lastname: 'Ray', expectedAt: '2026-11-29T22:30:00Z', usualEnd: '2026-11-29T23:00:00Z' }),
      ]),
    });
    renderWithApp(<ApproachingOvertimeCard timeZone={NY} />);
    const card = screen.getByRole('region', { name: 'Approaching overtime' });
    expect(card).toHaveAttribute('data-testid', 'approaching-overtime');
    await within(card).findAllByTestId('approaching-overtime-row');
    expect(rowTexts()).toEqual([
      ['Ann Lee', 'In overtime since 17:12'],
      ['Bob Ray', 'Overtime from 17:30 if they stay until 18:00'],
    ]);
    expect(fetch.mock.calls.map(([url, init]) => [String(url), init?.method ?? 'GET'])).toEqual([
      ['/server/v1/dashboard/approaching-overtime', 'GET'],
    ]);
    expect(within(card).getByTestId('approaching-overtime-count')).toHaveTextContent('2 people');
    expect(within(card).queryByTestId('approaching-overtime-empty')).toBeNull();
  });

  it("says 'Nobody is near overtime today.' when nobody is", async () => {
    mockFetch({ 'GET /dashboard/approaching-overtime': people([]) });
    renderWithApp(<ApproachingOvertimeCard timeZone={NY} />);
    expect(await screen.findByTestId('approaching-overtime-empty')).toHaveTextContent(/^Nobody is near overtime today\.$/);
    expect(screen.queryByTestId('approaching-overtime-row')).toBeNull();
    expect(screen.queryByTestId('approaching-overtime-count')).toBeNull();
  });

  it('asks again every minute', async () => {
    // Only the polling interval is fake; the network's timeouts stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let list: unknown[] = [];
    const fetch = mockFetch({ 'GET /dashboard/approaching-overtime': () => response({ json: { people: list } }) });
    renderWithApp(<ApproachingOvertimeCard timeZone={NY} />);
    expect(await screen.findByTestId('approaching-overtime-empty')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);

    list = [person({ since: '2026-11-29T22:12:00Z' })];
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    await screen.findByTestId('approaching-overtime-row');
    expect(rowTexts()).toEqual([['Ann Lee', 'In overtime since 17:12']]);
  });

  it('keeps a failed load inside the card', async () => {
    mockFetch({
      'GET /dashboard/approaching-overtime': () =>
        response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'You may not see these people.', errors: {} } }),
    });
    renderWithApp(<ApproachingOvertimeCard timeZone={NY} />);
    const card = screen.getByRole('region', { name: 'Approaching overtime' });
    expect(await within(card).findByText('You may not see these people.')).toBeInTheDocument();
  });
});
