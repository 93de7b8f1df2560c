import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { entrySchema } from '../api/schemas';
import { OfflineBadge, OfflinePressList } from './offline-marker';

const zone = 'America/New_York';

const entry = (offlinePresses?: unknown) =>
  entrySchema.parse({
    id: 41,
    employeeId: 9,
    firstname: 'Emma',
    lastname: 'Brooks',
    day: '2026-11-24',
    start: '2026-11-24T14:02:00Z',
    end: '2026-11-24T22:02:00Z',
    ...(offlinePresses === undefined ? {} : { offlinePresses }),
  });

describe('presses made offline on a timesheet row (issue 39)', () => {
  const presses = [
    { action: 'end', recordedAt: '2026-11-24T22:02:00Z', deviceTime: '2026-11-24T22:12:00Z', skewSeconds: 600, receivedAt: '2026-11-24T22:40:00Z' },
  ];

  it('reads none from an older server', () => {
    expect(entry().offlinePresses).toEqual([]);
    expect(entry(null).offlinePresses).toEqual([]);
  });

  it("marks the row 'Offline', saying which press, when made and sent, and the phone's skew", async () => {
    renderWithApp(<OfflineBadge entry={entry(presses)} timeZone={zone} />);
    const badge = await screen.findByTestId('offline-badge');
    expect(badge).toHaveTextContent('Offline');
    expect(badge).toHaveAccessibleName('Offline: Clock Out made offline on the phone at 5:02 PM, sent 5:40 PM (phone clock 10 min fast)');
  });

  it('lists them in the details', async () => {
    renderWithApp(<OfflinePressList entry={entry(presses)} timeZone={zone} />);
    expect(await screen.findByTestId('details-offline')).toHaveTextContent('Clock Out made offline on the phone at 5:02 PM, sent 5:40 PM (phone clock 10 min fast)');
  });

  it('shows nothing on a shift without any', () => {
    renderWithApp(<OfflineBadge entry={entry([])} timeZone={zone} />);
    expect(screen.queryByTestId('offline-badge')).toBeNull();
  });
});
