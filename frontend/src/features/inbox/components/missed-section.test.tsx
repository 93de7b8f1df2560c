import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { missedPunchSchema } from '../api/missed';
import { missedClosedText, missedCorrectPath, missedStartText, missedWhatText } from './labels';
import { MissedSection } from './missed-section';

const zone = 'America/New_York';

/** Emma forgot her clock-out: closed where she clocked in (Tue, Nov 24 9:02 AM in New York). */
const clockOut = {
  entryId: 41,
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  start: '2026-11-24T14:02:00Z',
  end: '2026-11-24T14:02:00Z',
  kind: 'clock_out',
  text: 'missed clock-out',
};
/** Liam's break never ended: his shift began Mon 5:00 PM and was closed at Tue 1:30 AM. */
const breakEnd = {
  entryId: 52,
  employeeId: 11,
  firstname: 'Liam',
  lastname: 'Ortiz',
  start: '2026-11-23T22:00:00Z',
  end: '2026-11-24T06:30:00Z',
  kind: 'break_end',
  text: 'missed break end',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the words of a missed punch', () => {
  const row = (fields: Record<string, unknown>) => missedPunchSchema.parse({ ...clockOut, ...fields });

  it('says when the shift began and where Timekeep closed it, on the company clock', () => {
    expect(missedStartText(row({}), zone)).toBe('Started Tue, Nov 24 9:02 AM');
    expect(missedWhatText(row({}), zone)).toBe('Missed clock-out, closed at 9:02 AM');
    // Closed on another day than it began: the day is said.
    expect(missedWhatText(row(breakEnd), zone)).toBe('Missed break end, closed at Tue, Nov 24 1:30 AM');
    expect(missedClosedText(row({ end: null }), zone)).toBe('');
    expect(missedWhatText(row({ end: null }), zone)).toBe('Missed clock-out');
  });

  it("links to the person's Sunday–Saturday week that holds the shift", () => {
    expect(missedCorrectPath(row({}), zone)).toBe('/timesheet/employee/9?start=2026-11-22&end=2026-11-28');
    // 11 PM on Saturday in New York is already Sunday in UTC: still that Saturday's week.
    expect(missedCorrectPath(row({ start: '2026-11-29T04:00:00Z' }), zone)).toBe('/timesheet/employee/9?start=2026-11-22&end=2026-11-28');
  });

  it('reads an unknown kind as a missed clock-out', () => {
    expect(row({ kind: 'lunch' }).kind).toBe('clock_out');
  });
});

describe('<MissedSection>', () => {
  it('lists the missed punches with who, when, what and where it was closed, and their count', async () => {
    mockFetch({ 'GET /timesheet/missed': () => response({ json: { missed: [clockOut, breakEnd] } }) });
    renderWithApp(<MissedSection timeZone={zone} />);
    const section = screen.getByRole('region', { name: 'Missed punches' });
    const cards = await within(section).findAllByTestId('missed-card');
    expect(cards).toHaveLength(2);
    expect(within(section).getByTestId('missed-total')).toHaveTextContent('2 waiting');

    const emma = screen.getByRole('article', { name: 'Missed punch of Emma Brooks' });
    expect(emma).toHaveTextContent('Started Tue, Nov 24 9:02 AM');
    expect(within(emma).getByTestId('missed-what')).toHaveTextContent('Missed clock-out, closed at 9:02 AM');
    expect(within(emma).getByRole('link', { name: 'Correct' })).toHaveAttribute('href', '/timesheet/employee/9?start=2026-11-22&end=2026-11-28');
    expect(within(emma).getByRole('button', { name: 'Accept as is' })).toBeEnabled();

    const liam = screen.getByRole('article', { name: 'Missed punch of Liam Ortiz' });
    expect(within(liam).getByTestId('missed-what')).toHaveTextContent('Missed break end, closed at Tue, Nov 24 1:30 AM');
    expect(within(liam).getByRole('link', { name: 'Correct' })).toHaveAttribute('href', '/timesheet/employee/11?start=2026-11-22&end=2026-11-28');
  });

  it('says so when none waits', async () => {
    mockFetch({ 'GET /timesheet/missed': () => response({ json: { missed: [] } }) });
    renderWithApp(<MissedSection timeZone={zone} />);
    expect(await screen.findByTestId('no-missed')).toHaveTextContent('No missed punches.');
    expect(screen.getByTestId('missed-total')).toHaveTextContent('0 waiting');
    expect(screen.queryByTestId('missed-card')).toBeNull();
  });

  it('accepts one as is: the row leaves and a notification says so', async () => {
    const shown = vi.spyOn(notifications, 'show');
    let waiting = [clockOut, breakEnd];
    const fetch = mockFetch({
      'GET /timesheet/missed': () => response({ json: { missed: waiting } }),
      'POST /timesheet/missed-accept': ({ url }) => {
        waiting = waiting.filter((row) => `?ts=${row.entryId}` !== new URL(url, 'http://x').search);
        return response({ json: { id: 41, employeeId: 9, missedPunch: 'clock_out', missedOpen: false } });
      },
    });
    renderWithApp(<MissedSection timeZone={zone} />);
    const emma = await screen.findByRole('article', { name: 'Missed punch of Emma Brooks' });
    await userEvent.click(within(emma).getByRole('button', { name: 'Accept as is' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Missed punch of Emma Brooks' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Missed punch of Liam Ortiz' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('missed-total')).toHaveTextContent('1 waiting'));
    const accepted = fetch.mock.calls.filter(([input]) => String(input).includes('/timesheet/missed-accept'));
    expect(accepted).toHaveLength(1);
    expect(String(accepted[0]![0])).toContain('ts=41');
    expect(accepted[0]![1]).toMatchObject({ method: 'POST' });
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: "Accepted as is: Emma Brooks's shift of Tue, Nov 24 stands as Timekeep closed it." })),
    );
  });

  it("shows the server's refusal on the row, which stays", async () => {
    mockFetch({
      'GET /timesheet/missed': () => response({ json: { missed: [clockOut] } }),
      'POST /timesheet/missed-accept': () =>
        response({ status: 409, statusText: 'Conflict', json: { code: 'conflict', message: 'This shift has no missed punch waiting for a decision.', errors: {} } }),
    });
    renderWithApp(<MissedSection timeZone={zone} />);
    const emma = await screen.findByRole('article', { name: 'Missed punch of Emma Brooks' });
    await userEvent.click(within(emma).getByRole('button', { name: 'Accept as is' }));
    expect(await within(emma).findByRole('alert')).toHaveTextContent('This shift has no missed punch waiting for a decision.');
    expect(screen.getByRole('article', { name: 'Missed punch of Emma Brooks' })).toBeInTheDocument();
  });
});
