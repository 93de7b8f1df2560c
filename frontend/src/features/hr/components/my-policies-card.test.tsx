import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrMyPolicy, hrServer, refusal } from '../testing/hr-server';
import { MyPoliciesCard } from './my-policies-card';

const TZ = 'America/New_York';
const HANDBOOK = { docName: 'Handbook', docFileName: 'handbook.pdf', docMediaType: 'application/pdf', docSize: 3 * 1024 * 1024 };

const affirmed = (fetch: ReturnType<typeof hrServer>['fetch']) =>
  fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/profile/affirm-policy').map(([, init]) => bodyOf(init as RequestInit));

describe("My HR's 'HR Policies & Procedures'", () => {
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  it('lists the policies: attachment icon, title and the Acknowledged column (date, Declined, or the status)', async () => {
    hrServer({
      myPolicies: [
        hrMyPolicy({ workflowId: 81, title: 'Code of conduct', certifyStatus: 1, certifyDate: '2026-03-03T14:05:00Z', docFileName: 'conduct.pdf' }),
        hrMyPolicy({ workflowId: 82, title: 'Remote work', certifyStatus: 1, declined: true, certifyDate: '2026-03-04T14:05:00Z', comments: 'No' }),
        hrMyPolicy({ workflowId: 83, title: 'Safety', overdue: true }),
        hrMyPolicy({ workflowId: 84, title: 'Old rules', certifyStatus: 2 }),
        hrMyPolicy({ workflowId: 85, title: 'Dress code', certifyStatus: 3 }),
      ],
    });
    renderWithApp(<MyPoliciesCard timeZone={TZ} />);
    const card = screen.getByTestId('my-policies-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'HR Policies & Procedures' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).getAllByTestId('my-policy')).toHaveLength(5));
    expect(within(card).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Attachment', 'Title', 'Acknowledged']);
    const [dress, rules, safety, remote, conduct] = within(card).getAllByTestId('my-policy');
    expect(within(conduct!).getByRole('img', { name: 'Attached: conduct.pdf' })).toBeInTheDocument();
    expect(within(conduct!).getByTestId('policy-answer-text')).toHaveTextContent('03/03/2026 09:05 AM');
    expect(within(remote!).queryByRole('img')).toBeNull();
    expect(within(remote!).getByTestId('policy-answer-text')).toHaveTextContent('Declined');
    expect(safety).toHaveTextContent('AwaitingOverdue');
    expect(within(safety!).getByRole('button', { name: 'Acknowledge Safety' })).toBeInTheDocument();
    expect(rules).toHaveTextContent('Canceled');
    expect(dress).toHaveTextContent('Stopped');
    for (const row of [conduct, remote, rules, dress]) expect(within(row!).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
  });

  it('acknowledges from the flow: the text as sent, the box enables Acknowledge; then the panel closes and the list shows the date', async () => {
    const { fetch } = hrServer({ myPolicies: [hrMyPolicy({ workflowId: 83, policyId: 71, title: 'Safety', version: 2, doc: HANDBOOK, docFileName: 'handbook.pdf' })] });
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<MyPoliciesCard timeZone={TZ} />);
    const user = userEvent.setup();
    // The title of a policy waiting for an answer starts the flow too.
    await user.click(await screen.findByRole('button', { name: 'Safety' }));
    const panel = await screen.findByRole('dialog', { name: 'Acknowledge Policy' });
    const details = await within(panel).findByTestId('policy-details');
    expect(details).toHaveTextContent('Version 2');
    expect(details).toHaveTextContent('Publish dateMar 02, 2026');
    expect(details).toHaveTextContent('RespondedNo');
    expect(within(details).getByTestId('rich-text').querySelector('strong')).toHaveTextContent('kind');
    expect(within(details).getByTestId('attached-file')).toHaveTextContent('Handbook3.0 MB');
    await user.click(within(details).getByRole('button', { name: 'Download Handbook' }));
    await waitFor(() => expect(clicked.map((a) => a.download)).toEqual(['Handbook 2026.pdf']));
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url) === '/server/v1/doc/policy')![1] as RequestInit)).toEqual({ id: 71 });

    const acknowledge = within(panel).getByRole('button', { name: 'Acknowledge' });
    expect(acknowledge).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: 'I have fully reviewed and understand the policy.' }));
    expect(acknowledge).toBeEnabled();
    await user.click(acknowledge);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Acknowledge Policy' })).toBeNull());
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'Thank you for acknowledging.' });
    expect(affirmed(fetch)).toEqual([{ id: 83 }]);
    await waitFor(() => expect(screen.getByTestId('policy-answer-text')).toHaveTextContent('03/06/2026 10:30 AM'));

    // Answered: the title now opens the Policy Detail, without the flow.
    await user.click(screen.getByRole('button', { name: 'Safety' }));
    const detail = await screen.findByRole('dialog', { name: 'Policy Detail' });
    expect(await within(detail).findByTestId('policy-details')).toHaveTextContent('RespondedYes');
    expect(within(detail).getByText('Acknowledged 03/06/2026 10:30 AM')).toBeInTheDocument();
    expect(within(detail).queryByTestId('policy-answer')).toBeNull();
  });

  it('declines with a comment, which is required', async () => {
    const { fetch } = hrServer({ myPolicies: [hrMyPolicy({ workflowId: 83, title: 'Safety' })] });
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<MyPoliciesCard timeZone={TZ} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Acknowledge Safety' }));
    const panel = await screen.findByRole('dialog', { name: 'Acknowledge Policy' });
    await user.click(await within(panel).findByRole('radio', { name: 'I decline the policy' }));
    expect(within(panel).queryByRole('checkbox')).toBeNull();
    const form = within(panel).getByRole('form', { name: 'Decline the policy' });
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    expect(await within(form).findByText('Please tell us why')).toBeInTheDocument();
    expect(affirmed(fetch)).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: 'Comments' }), 'I work remotely');
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Acknowledge Policy' })).toBeNull());
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'Your answer has been recorded.' });
    expect(affirmed(fetch)).toEqual([{ id: 83, decline: 1, comments: 'I work remotely' }]);
    await waitFor(() => expect(screen.getByTestId('policy-answer-text')).toHaveTextContent('Declined'));
  });

  it('offers no answer for a stopped publication, and says Sorry and why when it stopped meanwhile (409)', async () => {
    hrServer({
      myPolicies: [hrMyPolicy({ workflowId: 83, title: 'Safety' }), hrMyPolicy({ workflowId: 84, title: 'Dress code', certifyStatus: 3, workflowStatus: 3 })],
      routes: { 'POST /profile/affirm-policy': () => refusal(409, 'This broadcast is no longer active.') },
    });
    renderWithApp(<MyPoliciesCard timeZone={TZ} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dress code' }));
    const detail = await screen.findByRole('dialog', { name: 'Policy Detail' });
    expect(await within(detail).findByText('Stopped: this policy takes no more answers.')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Policy Detail' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Acknowledge Safety' }));
    const panel = await screen.findByRole('dialog', { name: 'Acknowledge Policy' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'I have fully reviewed and understand the policy.' }));
    await user.click(within(panel).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Sorry This broadcast is no longer active.');
  });

  it('pages 10 at a time and says when there is nothing', async () => {
    const many = Array.from({ length: 11 }, (_, i) => hrMyPolicy({ workflowId: 200 + i, title: `Policy ${i + 1}` }));
    hrServer({ myPolicies: many });
    const view = renderWithApp(<MyPoliciesCard timeZone={TZ} />);
    await waitFor(() => expect(screen.getAllByTestId('my-policy')).toHaveLength(10));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('my-policy')).toHaveLength(1));
    view.unmount();

    hrServer();
    renderWithApp(<MyPoliciesCard timeZone={TZ} />);
    expect(await screen.findByText('There is no policy for you yet')).toBeInTheDocument();
  });
});

