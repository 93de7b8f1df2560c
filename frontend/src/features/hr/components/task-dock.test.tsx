import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { useMyTasks } from '../api/get-my-tasks';
import { hrEvent, hrMyPolicy, hrRequest, hrServer, validation } from '../testing/hr-server';
import { TaskDock } from './task-dock';
import { TASKS_SEEN_KEY, useTaskDock } from './use-task-dock';

const TZ = 'America/New_York';

/** The task dock as the shell uses it. */
function Harness({ sid = 'session-1', mayOpenByItself = true }: { sid?: string; mayOpenByItself?: boolean }) {
  const tasks = useMyTasks();
  const dock = useTaskDock(tasks.data, sid, { mayOpenByItself });
  return (
    <>
      <button type="button" onClick={dock.open}>
        Open tasks
      </button>
      <TaskDock tasks={tasks.data} opened={dock.opened} overdue={dock.overdue} onClose={dock.close} timeZone={TZ} />
    </>
  );
}

const formSent = (fetch: ReturnType<typeof hrServer>['fetch']) =>
  (fetch.mock.calls.find(([url]) => String(url) === '/server/v1/profile/add-doc')![1] as RequestInit).body as FormData;

describe("the task dock 'Response Required'", () => {
  it('opens by itself once per sign-in when something waits, and lists event and document requests', async () => {
    hrServer({
      myEvents: [hrEvent({ id: 43, title: 'Safety briefing', ackneeded: 1 })],
      myRequests: [hrRequest({ id: 61, name: 'W-4', dueDate: '2026-04-01', comments: 'For payroll' })],
    });
    const first = renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    expect(await within(dock).findByTestId('event-request')).toHaveTextContent('Safety briefing');
    expect(within(dock).getByTestId('event-request')).toHaveTextContent('Added Mar 01, 2026');
    const request = within(dock).getByTestId('document-request');
    expect(request).toHaveTextContent('W-4');
    expect(request).toHaveTextContent('Due Apr 01, 2026');
    expect(request).toHaveTextContent('For payroll');
    const user = userEvent.setup();
    await user.click(within(dock).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Response Required' })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem(TASKS_SEEN_KEY)!)).toEqual({ sid: 'session-1', keys: ['event-43', 'request-61'] });
    first.unmount();

    // Another tab or a relaunch of the same sign-in: closed, until asked for.
    const second = renderWithApp(<Harness />);
    await screen.findByRole('button', { name: 'Open tasks' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'Response Required' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open tasks' }));
    expect(await screen.findByRole('dialog', { name: 'Response Required' })).toBeInTheDocument();
    second.unmount();

    // The next sign-in: it opens by itself again.
    renderWithApp(<Harness sid="session-2" />);
    expect(await screen.findByRole('dialog', { name: 'Response Required' })).toBeInTheDocument();
  });

  it('opens by itself again only for a task it has not opened for', async () => {
    window.localStorage.setItem(TASKS_SEEN_KEY, JSON.stringify({ sid: 'session-1', keys: ['event-43'] }));
    hrServer({ myEvents: [hrEvent({ id: 43, ackneeded: 1 })], myRequests: [hrRequest({ id: 62, name: 'I-9' })] });
    renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    expect(await within(dock).findByTestId('document-request')).toHaveTextContent('I-9');
  });

  it('never opens by itself where it may not (the clock, the tour), but opens when asked', async () => {
    hrServer({ myRequests: [hrRequest({ id: 61, overdue: true })] });
    renderWithApp(<Harness mayOpenByItself={false} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Open tasks' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'Response Required' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open tasks' }));
    expect(await screen.findByRole('dialog', { name: 'Response Required' })).toBeInTheDocument();
  });

  it('closes even while something is overdue, saying it is overdue', async () => {
    hrServer({ myRequests: [hrRequest({ id: 61, overdue: true })] });
    renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    expect(await within(dock).findByTestId('document-request')).toHaveTextContent('Overdue');
    expect(within(dock).getByTestId('task-list')).toHaveTextContent('Some of these are overdue');
    await userEvent.setup().click(within(dock).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Response Required' })).toBeNull());
  });

  it('uploads a requested document: name, brief description and file are required; the file names an empty name', async () => {
    const { fetch, state } = hrServer({ myRequests: [hrRequest({ id: 61, name: 'W-4', docTypeId: 12 })] });
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await within(dock).findByRole('button', { name: 'Upload W-4' }));
    const form = within(dock).getByRole('form', { name: 'Upload W-4' });
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('Please input the Name')).toBeInTheDocument();
    expect(within(form).getByText('Please input the Brief Description')).toBeInTheDocument();
    expect(within(form).getByText('Please upload the Document')).toBeInTheDocument();

    await user.upload(within(form).getByTestId('file-input'), new File(['x'], 'my w4.pdf', { type: 'application/pdf' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('my w4');
    await user.type(within(form).getByRole('textbox', { name: 'Brief Description' }), 'Signed 2026');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    // The only task is done: the dock, opened by itself, goes.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Response Required' })).toBeNull());
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Document has been uploaded.' });
    const sent = formSent(fetch);
    expect((sent.get('document') as File).name).toBe('my w4.pdf');
    expect(Object.fromEntries([...sent.entries()].filter(([key]) => key !== 'document'))).toEqual({ docName: 'my w4', comments: 'Signed 2026', reqId: '61', docTypeId: '12' });
    expect(state.myRequests[0]!.status).toBe(1);
  });

  it("shows the server's refusal of the file on the file field", async () => {
    hrServer({
      myRequests: [hrRequest({ id: 61, name: 'W-4' })],
      routes: { 'POST /profile/add-doc': () => validation({ file: ['This type of file is not accepted'] }) },
    });
    renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await within(dock).findByRole('button', { name: 'Upload W-4' }));
    const form = within(dock).getByRole('form', { name: 'Upload W-4' });
    await user.upload(within(form).getByTestId('file-input'), new File(['x'], 'tool.exe', { type: 'application/octet-stream' }));
    await user.type(within(form).getByRole('textbox', { name: 'Brief Description' }), 'x');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('This type of file is not accepted')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('reviews and acknowledges an event request, then goes back to what is left', async () => {
    hrServer({
      myEvents: [hrEvent({ id: 43, title: 'Safety briefing', ackneeded: 1 })],
      myRequests: [hrRequest({ id: 61, name: 'W-4' })],
    });
    renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    const user = userEvent.setup();
    await user.click(await within(dock).findByRole('button', { name: 'Review Safety briefing' }));
    await within(dock).findByTestId('event-details');
    await user.click(within(dock).getByRole('checkbox', { name: 'I have fully reviewed and understand the policy.' }));
    await user.click(within(dock).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(within(dock).queryByTestId('event-request')).toBeNull());
    expect(within(dock).getByTestId('document-request')).toHaveTextContent('W-4');
  });

  it('lists policy reviews first; Review opens the acknowledge flow, and answering goes back to what is left', async () => {
    const { fetch } = hrServer({
      myPolicies: [hrMyPolicy({ workflowId: 83, title: 'Employee handbook', dueDate: '2026-04-01' })],
      myEvents: [hrEvent({ id: 43, title: 'Safety briefing', ackneeded: 1 })],
    });
    renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    const review = await within(dock).findByTestId('policy-request');
    expect(review).toHaveTextContent('Employee handbook');
    expect(review).toHaveTextContent('Due Apr 01, 2026');
    expect(within(dock).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Policy Reviews', 'Event Requests']);
    const user = userEvent.setup();
    await user.click(within(review).getByRole('button', { name: 'Review Employee handbook' }));
    const details = await within(dock).findByTestId('policy-details');
    expect(within(details).getByTestId('rich-text')).toHaveTextContent('Be kind');
    await user.click(within(dock).getByRole('checkbox', { name: 'I have fully reviewed and understand the policy.' }));
    await user.click(within(dock).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(within(dock).queryByTestId('policy-request')).toBeNull());
    expect(within(dock).getByTestId('event-request')).toHaveTextContent('Safety briefing');
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/profile/affirm-policy')).toHaveLength(1);
  });

  it('shows an overdue policy review as overdue', async () => {
    hrServer({ myPolicies: [hrMyPolicy({ workflowId: 83, title: 'Employee handbook', overdue: true })] });
    renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    expect(await within(dock).findByTestId('policy-request')).toHaveTextContent('Overdue');
  });

  it('opens for the licences and CE requirements due soon (issue 42), which the bell does not count, each leading to My HR', async () => {
    const licensing = [
      { kind: 'ce_due', licenceId: 21, state: 'TX', number: '1234567', dueOn: '2026-05-31', daysLeft: 61, label: 'CE for TX licence 1234567' },
      { kind: 'licence_expiry', licenceId: 22, state: 'CA', number: 'CA-9', dueOn: '2026-04-10', daysLeft: 9, label: 'CA licence CA-9 expires' },
    ];
    hrServer({ routes: { 'GET /profile/my-tasks': () => response({ json: { policies: [], events: [], docRequests: [], licensing, count: 0, overdue: false } }) } });
    const { router } = renderWithApp(<Harness />);
    const dock = await screen.findByRole('dialog', { name: 'Response Required' });
    const tasks = await within(dock).findAllByTestId('licensing-task');
    // Soonest first.
    expect(tasks.map((task) => task.textContent)).toEqual(['CA licence CA-9 expiresDue Apr 10, 2026 · 9 days leftOpen', 'CE for TX licence 1234567Due May 31, 2026 · 61 days leftOpen']);
    expect(within(dock).getByRole('heading', { level: 3, name: 'Licences and CE' })).toBeInTheDocument();
    await userEvent.setup().click(within(tasks[0]!).getByRole('link', { name: 'Open My HR for CA licence CA-9 expires' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-hr'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Response Required' })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem(TASKS_SEEN_KEY)!).keys).toEqual(['licensing-ce_due-21-2026-05-31', 'licensing-licence_expiry-22-2026-04-10']);
  });
});
