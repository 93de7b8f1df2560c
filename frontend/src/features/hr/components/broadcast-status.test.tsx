import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import type { WorkflowView } from '../api/schemas';
import { hrRecipient, hrServer, hrWorkflow, refusal } from '../testing/hr-server';
import { BroadcastStatus } from './broadcast-status';

const TZ = 'America/New_York';

const RECIPIENTS = [
  hrRecipient({ employeeId: 9, firstname: 'Emma', lastname: 'Brooks', certifyStatus: 1, certifyDate: '2026-03-03T14:05:00Z' }),
  hrRecipient({ employeeId: 10, firstname: 'Liam', lastname: 'Carter', certifyStatus: 2, certifyDate: '2026-03-04T15:00:00Z', comments: 'I work remotely' }),
  hrRecipient({ employeeId: 11, firstname: 'Olivia', lastname: 'Diaz', overdue: true }),
  hrRecipient({ employeeId: 12, firstname: 'Noah', lastname: 'Evans' }),
];

/** The summaries a policy lists for its publications (newest first). */
const summaries = (workflows: WorkflowView[]) =>
  workflows.map((w) => ({
    ...w,
    totalRecipients: w.recipients.length,
    confirmedRecipients: w.recipients.filter((r) => r.certifyStatus === 1).length,
    declinedRecipients: w.recipients.filter((r) => r.certifyStatus === 2).length,
  }));

const posted = (fetch: ReturnType<typeof hrServer>['fetch'], path: string) =>
  fetch.mock.calls.filter(([url]) => String(url) === `/server/v1${path}`).map(([, init]) => bodyOf(init as RequestInit));

function renderStatus(workflows: WorkflowView[]) {
  const onStopped = vi.fn();
  renderWithApp(<BroadcastStatus workflows={summaries(workflows)} timeZone={TZ} onStopped={onStopped} />);
  return { onStopped };
}

describe('the Broadcast Status panel', () => {
  it('shows the version, dates, status text, counts and every recipient’s answer', async () => {
    const workflow = hrWorkflow({ id: 81, policyId: 71, version: 2, dueDate: '2026-04-01', recipients: RECIPIENTS });
    hrServer({ workflows: [workflow] });
    renderStatus([workflow]);
    const panel = await screen.findByTestId('broadcast-status');
    expect(await within(panel).findByTestId('broadcast-status-text')).toHaveTextContent('In Progress (2/4)');
    expect(panel).toHaveTextContent('Version2');
    expect(panel).toHaveTextContent('Publish dateMar 02, 2026');
    expect(panel).toHaveTextContent('Due dateApr 01, 2026');
    expect(within(panel).getByTestId('broadcast-counts')).toHaveTextContent('4Recipients1Acknowledged1Declined2Pending');
    const rows = within(panel).getAllByTestId('recipient');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Emma BrooksAcknowledged03/03/2026 09:05 AM',
      'Liam CarterDeclined03/04/2026 10:00 AMI work remotely',
      'Olivia DiazPendingOverdue',
      'Noah EvansPending',
    ]);
  });

  it("sends a reminder (which hides Stop) and says what the server answered, 'already sent' the second time", async () => {
    const workflow = hrWorkflow({ id: 81, policyId: 71, recipients: RECIPIENTS });
    const { fetch } = hrServer({ workflows: [workflow] });
    const shown = vi.spyOn(notifications, 'show');
    renderStatus([workflow]);
    const panel = await screen.findByTestId('broadcast-status');
    const user = userEvent.setup();
    expect(await within(panel).findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send Reminder' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'A reminder was sent to 2.' }));
    expect(within(panel).queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(await within(panel).findByText('Last reminder')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send Reminder' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith({ color: 'blue', message: 'A reminder was already sent at 15:30 UTC.' }));
    expect(posted(fetch, '/policy/workflow-reminder')).toEqual([{ id: 81 }, { id: 81 }]);
  });

  it('stops after the question (Send Reminder hidden meanwhile) and closes', async () => {
    const workflow = hrWorkflow({ id: 81, policyId: 71, recipients: RECIPIENTS });
    const { fetch, state } = hrServer({ workflows: [workflow] });
    const shown = vi.spyOn(notifications, 'show');
    const { onStopped } = renderStatus([workflow]);
    const panel = await screen.findByTestId('broadcast-status');
    const user = userEvent.setup();
    await user.click(await within(panel).findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(panel).queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(onStopped).toHaveBeenCalledTimes(1));
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Broadcast has been stopped.' });
    expect(posted(fetch, '/policy/stop-workflow')).toEqual([{ id: 81 }]);
    expect(state.workflows[0]!.status).toBe(3);
  });

  it('offers neither once everyone answered, nor for a stopped publication; an earlier publication can be chosen', async () => {
    const done = hrWorkflow({ id: 82, policyId: 71, version: 2, publishDate: '2026-03-05T15:00:00Z', recipients: RECIPIENTS.slice(0, 2) });
    const stopped = hrWorkflow({ id: 81, policyId: 71, version: 1, status: 3, stoppedAt: '2026-03-04T15:00:00Z', recipients: RECIPIENTS });
    hrServer({ workflows: [done, stopped] });
    renderStatus([done, stopped]);
    const panel = await screen.findByTestId('broadcast-status');
    expect(await within(panel).findByTestId('broadcast-status-text')).toHaveTextContent('Completed');
    expect(within(panel).queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Stop' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(panel).getByLabelText('Publication', { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Version 2, published Mar 05, 2026', 'Version 1, published Mar 02, 2026']);
    await user.click(screen.getByRole('option', { name: 'Version 1, published Mar 02, 2026' }));
    await waitFor(() => expect(within(panel).getByTestId('broadcast-status-text')).toHaveTextContent('Stopped Mar 04, 2026'));
    expect(within(panel).queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it("says Sorry and why when the server refuses the reminder (a publication stopped meanwhile: 409)", async () => {
    const workflow = hrWorkflow({ id: 81, policyId: 71, recipients: RECIPIENTS });
    hrServer({ workflows: [workflow], routes: { 'POST /policy/workflow-reminder': () => refusal(409, 'This broadcast is no longer active.') } });
    renderStatus([workflow]);
    const panel = await screen.findByTestId('broadcast-status');
    await userEvent.setup().click(await within(panel).findByRole('button', { name: 'Send Reminder' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Sorry This broadcast is no longer active.');
  });
});
