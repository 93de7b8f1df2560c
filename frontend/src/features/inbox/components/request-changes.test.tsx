import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { inboxTimesheetRowSchema } from '../api/schemas';
import { RequestChanges } from './request-changes';

const zone = 'America/New_York';

const row = (fields: Record<string, unknown>) =>
  inboxTimesheetRowSchema.parse({
    id: 5,
    entryId: 41,
    requestDate: '2026-11-28T15:00:00Z',
    payload: '{}',
    requestComments: '',
    changeType: 'out',
    status: 0,
    actor: null,
    actDate: null,
    actComments: null,
    employeeId: 9,
    name: 'Emma Brooks',
    avatar: null,
    ...fields,
  });

describe('<RequestChanges>', () => {
  it('shows a request to add a shift that does not exist yet (no entry), with its breaks and reason', async () => {
    const reason = "Sent 4 days after it was made: a press older than 72 hours needs a manager's approval.";
    const add = row({
      entryId: null,
      changeType: 'add',
      requestComments: reason,
      payload: JSON.stringify({ start: '2026-11-24T14:02:00Z', end: '2026-11-24T22:00:00Z', breaks: [['2026-11-24T17:00:00Z', '2026-11-24T17:30:00Z']] }),
    });
    expect(add.entryId).toBeNull();
    renderWithApp(<RequestChanges row={add} timeZone={zone} />);
    expect(await screen.findByTestId('new-shift')).toHaveTextContent('New shift: Tue, Nov 24 9:02 AM – 5:00 PM');
    expect(screen.getByTestId('request-changes')).toHaveTextContent('Breaks: 12:00 PM – 12:30 PM');
    expect(screen.getByTestId('request-changes')).toHaveTextContent(`Reason: ${reason}`);
  });

  it('still reads a missing entry id (an older answer) as none', () => {
    expect(row({ entryId: undefined }).entryId).toBeNull();
  });
});
