import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { entrySchema } from '../api/schemas';
import { DetailsPanel } from './details-panel';
import { MISSED_PUNCH_EXPLANATION, MissedPunchBadge } from './missed-marker';
import type { Viewer } from './row-actions';
import { WeekCards, WeekTable } from './week-entries';

const zone = 'America/New_York';

/** Emma's shift, closed by Timekeep where she clocked in (she forgot to clock out). */
const raw = (fields: Record<string, unknown> = {}) => ({
  id: 41,
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  day: '2026-11-24',
  start: '2026-11-24T14:02:00Z',
  end: '2026-11-24T14:02:00Z',
  history: [{ actionType: 'start', actionDate: '2026-11-24T14:02:00Z' }],
  ...fields,
});
const entry = (fields: Record<string, unknown> = {}) => entrySchema.parse(raw(fields));
const open = { missedPunch: 'clock_out', missedOpen: true };
const settled = { missedPunch: 'clock_out', missedOpen: false };

// Emma's manager, looking at her week; Emma herself.
const manager: Viewer = { eid: 3, roles: ['manager'] };
const emma: Viewer = { eid: 9, roles: ['employee'] };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a missed punch on a timesheet row (issue 40)', () => {
  it('reads none from an older server, and what was missed from a newer one', () => {
    expect(entry()).toMatchObject({ missedPunch: null, missedOpen: false });
    expect(entry({ missedPunch: null, missedOpen: null })).toMatchObject({ missedPunch: null, missedOpen: false });
    expect(entry({ missedPunch: 'break_end', missedOpen: true })).toMatchObject({ missedPunch: 'break_end', missedOpen: true });
  });

  it("marks an open one in red, 'Missed clock-out' or 'Missed break end', saying what it means", async () => {
    const { unmount } = renderWithApp(<MissedPunchBadge entry={entry(open)} />);
    const badge = await screen.findByTestId('missed-badge');
    expect(badge).toHaveTextContent('Missed clock-out');
    expect(badge).toHaveAttribute('data-state', 'open');
    expect(badge).toHaveAccessibleName(`Missed clock-out: ${MISSED_PUNCH_EXPLANATION}`);
    expect(MISSED_PUNCH_EXPLANATION).toBe('Timekeep closed this shift at its last known activity. Until it is corrected or accepted it is paid in no payroll file.');
    unmount();
    renderWithApp(<MissedPunchBadge entry={entry({ missedPunch: 'break_end', missedOpen: true })} />);
    expect(await screen.findByTestId('missed-badge')).toHaveTextContent('Missed break end');
  });

  it("marks a settled one in grey, 'Missed punch settled'", async () => {
    renderWithApp(<MissedPunchBadge entry={entry(settled)} />);
    const badge = await screen.findByTestId('missed-badge');
    expect(badge).toHaveTextContent('Missed punch settled');
    expect(badge).toHaveAttribute('data-state', 'settled');
    expect(badge).toHaveAccessibleName('Missed punch settled: The missed clock-out was corrected or accepted as is.');
  });

  it('marks nothing on a shift Timekeep never closed', () => {
    renderWithApp(<MissedPunchBadge entry={entry()} />);
    expect(screen.queryByTestId('missed-badge')).toBeNull();
  });

  it('shows the marker on the rows of the table and of the phone cards', async () => {
    const rows = [entry(open), entry({ id: 42, end: '2026-11-24T22:02:00Z' })];
    const { unmount } = renderWithApp(<WeekTable entries={rows} viewer={manager} timeZone={zone} onAction={() => undefined} />);
    const [first, second] = await screen.findAllByTestId('timesheet-row');
    expect(within(first!).getByTestId('missed-badge')).toHaveTextContent('Missed clock-out');
    expect(within(second!).queryByTestId('missed-badge')).toBeNull();
    unmount();
    renderWithApp(<WeekCards entries={[entry(settled)]} viewer={emma} timeZone={zone} onAction={() => undefined} />);
    const [card] = await screen.findAllByTestId('timesheet-row');
    expect(within(card!).getByTestId('missed-badge')).toHaveTextContent('Missed punch settled');
  });
});

describe("a missed punch in the shift's details", () => {
  it('lets a manager accept it as is on someone else\'s shift: it turns settled', async () => {
    const shown = vi.spyOn(notifications, 'show');
    let current = raw(open);
    const fetch = mockFetch({
      'GET /timesheet/details': () => response({ json: current }),
      'POST /timesheet/missed-accept': () => {
        current = raw(settled);
        return response({ json: current });
      },
    });
    renderWithApp(<DetailsPanel entry={entry(open)} timeZone={zone} viewer={manager} />);
    const alert = await screen.findByTestId('details-missed');
    expect(alert).toHaveAttribute('data-state', 'open');
    expect(alert).toHaveTextContent('Missed clock-out');
    expect(alert).toHaveTextContent(MISSED_PUNCH_EXPLANATION);
    await userEvent.click(within(alert).getByRole('button', { name: 'Accept as is' }));

    await waitFor(() => expect(screen.getByTestId('details-missed')).toHaveAttribute('data-state', 'settled'));
    expect(screen.getByTestId('details-missed')).toHaveTextContent('Missed punch settled');
    expect(screen.queryByRole('button', { name: 'Accept as is' })).toBeNull();
    const accepted = fetch.mock.calls.filter(([input]) => String(input).includes('/timesheet/missed-accept'));
    expect(accepted).toHaveLength(1);
    expect(String(accepted[0]![0])).toContain('ts=41');
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'green' }));
  });

  it("shows the server's refusal under the button", async () => {
    mockFetch({
      'GET /timesheet/details': () => response({ json: raw(open) }),
      'POST /timesheet/missed-accept': () =>
        response({ status: 409, statusText: 'Conflict', json: { code: 'conflict', message: 'This shift has no missed punch waiting for a decision.', errors: {} } }),
    });
    renderWithApp(<DetailsPanel entry={entry(open)} timeZone={zone} viewer={manager} />);
    const alert = await screen.findByTestId('details-missed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Accept as is' }));
    expect(await within(alert).findByRole('alert')).toHaveTextContent('This shift has no missed punch waiting for a decision.');
  });

  it('tells the person how to correct their own, without accepting it', async () => {
    mockFetch({ 'GET /timesheet/details': () => response({ json: raw(open) }) });
    renderWithApp(<DetailsPanel entry={entry(open)} timeZone={zone} viewer={emma} />);
    const alert = await screen.findByTestId('details-missed');
    expect(alert).toHaveTextContent(MISSED_PUNCH_EXPLANATION);
    expect(alert).toHaveTextContent("Use 'Request Edit' to send the real times.");
    expect(within(alert).queryByRole('button', { name: 'Accept as is' })).toBeNull();
  });

  it('offers no accept to a manager on their own shift', async () => {
    mockFetch({ 'GET /timesheet/details': () => response({ json: raw(open) }) });
    renderWithApp(<DetailsPanel entry={entry(open)} timeZone={zone} viewer={{ eid: 9, roles: ['manager'] }} />);
    const alert = await screen.findByTestId('details-missed');
    expect(within(alert).queryByRole('button', { name: 'Accept as is' })).toBeNull();
  });

  it('shows nothing of the kind on an ordinary shift', async () => {
    mockFetch({ 'GET /timesheet/details': () => response({ json: raw() }) });
    renderWithApp(<DetailsPanel entry={entry()} timeZone={zone} viewer={manager} />);
    await screen.findByTestId('details-panel');
    expect(screen.queryByTestId('details-missed')).toBeNull();
  });
});
