import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { entrySchema } from '../api/schemas';
import { DetailsPanel } from './details-panel';
import { FlaggedBadge } from './place-marker';
import type { Viewer } from './row-actions';
import { WeekCards, WeekTable } from './week-entries';

const zone = 'America/New_York';
const reason = '412 m outside Main Office, ±35 m';

const raw = (history: unknown[]) => ({
  id: 41,
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  day: '2026-11-24',
  start: '2026-11-24T14:02:00Z',
  end: '2026-11-24T22:02:00Z',
  history,
});
const entry = (history: unknown[]) => entrySchema.parse(raw(history));

const flaggedShift = [
  { actionType: 'start', actionDate: '2026-11-24T14:02:00Z', source: 'web', placeFlag: reason },
  { actionType: 'end', actionDate: '2026-11-24T22:02:00Z', source: 'kiosk', placeFlag: null },
];
// The manager of Emma, looking at her week from the team timesheet.
const viewer: Viewer = { eid: 3, roles: ['manager'] };

describe("a shift's presses and their places (issue 40)", () => {
  it("reads a press's source and flag, and an older server's press as a web press with none", () => {
    const [old] = entry([{ actionType: 'start', actionDate: '2026-11-24T14:02:00Z' }]).history;
    expect(old).toEqual({ actionType: 'start', actionDate: '2026-11-24T14:02:00Z', source: 'web', placeFlag: null });
    const [start, end] = entry(flaggedShift).history;
    expect(start).toMatchObject({ source: 'web', placeFlag: reason });
    expect(end).toMatchObject({ source: 'kiosk', placeFlag: null });
  });

  it("marks the row 'Flagged' in orange, saying which press and why", async () => {
    renderWithApp(<FlaggedBadge entry={entry(flaggedShift)} timeZone={zone} />);
    const badge = await screen.findByTestId('flagged-badge');
    expect(badge).toHaveTextContent('Flagged');
    // 14:02 UTC is 09:02 AM in New York.
    expect(badge).toHaveAccessibleName(`Flagged: Clock In at 09:02 AM: ${reason}`);
  });

  it('marks nothing on a shift whose presses all passed', () => {
    renderWithApp(<FlaggedBadge entry={entry([{ ...flaggedShift[0], placeFlag: null }])} timeZone={zone} />);
    expect(screen.queryByTestId('flagged-badge')).toBeNull();
  });

  it('shows the marker on the rows of the table and of the phone cards', async () => {
    const rows = [entry(flaggedShift), { ...entry([]), id: 42 }];
    const { unmount } = renderWithApp(<WeekTable entries={rows} viewer={viewer} timeZone={zone} onAction={() => undefined} />);
    const [first, second] = await screen.findAllByTestId('timesheet-row');
    expect(within(first!).getByTestId('flagged-badge')).toBeInTheDocument();
    expect(within(second!).queryByTestId('flagged-badge')).toBeNull();
    unmount();
    renderWithApp(<WeekCards entries={rows} viewer={viewer} timeZone={zone} onAction={() => undefined} />);
    const [card] = await screen.findAllByTestId('timesheet-row');
    expect(within(card!).getByTestId('flagged-badge')).toHaveTextContent('Flagged');
  });

  it("shows each flagged press's reason, and a kiosk press as such, in the details", async () => {
    mockFetch({ 'GET /timesheet/details': () => response({ json: raw(flaggedShift) }) });
    renderWithApp(<DetailsPanel entry={entry(flaggedShift)} timeZone={zone} viewer={viewer} />);
    const [start, end] = await screen.findAllByTestId('details-press');
    expect(start).toHaveAttribute('data-flagged', 'true');
    expect(within(start!).getByTestId('press-flagged')).toHaveTextContent('Flagged');
    expect(within(start!).getByTestId('press-flag-reason')).toHaveTextContent(reason);
    expect(within(start!).queryByTestId('press-kiosk')).toBeNull();
    expect(end).not.toHaveAttribute('data-flagged');
    expect(within(end!).getByTestId('press-kiosk')).toHaveTextContent('Kiosk');
    expect(within(end!).queryByTestId('press-flagged')).toBeNull();
  });
});
