import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { AnswerPage } from './answer-page';

const LINK = {
  state: 'open',
  kind: 'time_off',
  approverName: 'Maria Lopez',
  employeeName: 'Sam Lee',
  summary: 'Vacation (16 hrs), from 03/09/2026 to 03/10/2026',
  reason: 'Family trip',
  step: 1,
  steps: 2,
  expiresAt: '2026-03-10T14:00:00Z',
};

type Handler = Parameters<typeof mockFetch>[0][string];
const failure = (status: number, message: string, errors: Record<string, string[]> = {}): Handler => () =>
  response({ status, statusText: String(status), json: { code: 'x', message, errors } });

function server(link: unknown, answer: Handler = (init) => response({ json: { message: (bodyOf(init) as { decision: string }).decision === 'approve' ? 'Approved step 1 of 2; now waiting for Ana Silva.' : 'The request was rejected.' } })) {
  return mockFetch({
    'GET /approvals/answer/tok-1': typeof link === 'function' ? (link as Handler) : () => response({ json: link }),
    'POST /approvals/answer/tok-1': answer,
  });
}

const answers = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === '/server/v1/approvals/answer/tok-1' && (init as RequestInit).method === 'POST').map(([, init]) => bodyOf(init as RequestInit));

describe('answering from the e-mail (/answer/:token)', () => {
  it('shows who asks for what and the step, and approves after the confirmation', async () => {
    const fetch = server(LINK);
    renderWithApp(<AnswerPage token="tok-1" />, { path: '/answer/tok-1' });
    const details = await screen.findByTestId('answer-details');
    expect(details).toHaveTextContent('Time off request');
    expect(within(details).getByTestId('answer-step')).toHaveTextContent('Step 1 of 2');
    expect(details).toHaveTextContent('Hello Maria Lopez,');
    expect(within(details).getByTestId('answer-who')).toHaveTextContent('Sam Lee asks for:');
    expect(within(details).getByTestId('answer-summary')).toHaveTextContent('Vacation (16 hrs), from 03/09/2026 to 03/10/2026');
    expect(within(details).getByTestId('answer-reason')).toHaveTextContent('Reason: Family trip');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(answers(fetch)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve this request' }));
    expect(await screen.findByTestId('answer-outcome')).toHaveTextContent('Approved step 1 of 2; now waiting for Ana Silva.');
    expect(answers(fetch)).toEqual([{ decision: 'approve' }]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('rejects only with a reason', async () => {
    const fetch = server(LINK);
    renderWithApp(<AnswerPage token="tok-1" />, { path: '/answer/tok-1' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const form = screen.getByRole('form', { name: 'Reject the request' });
    await user.click(within(form).getByRole('button', { name: 'Confirm rejection' }));
    expect(within(form).getByText('Please give the reason of the rejection')).toBeInTheDocument();
    expect(answers(fetch)).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /Reason for rejecting/ }), '  We are short that week  ');
    await user.click(within(form).getByRole('button', { name: 'Confirm rejection' }));
    expect(await screen.findByTestId('answer-outcome')).toHaveTextContent('The request was rejected.');
    expect(answers(fetch)).toEqual([{ decision: 'reject', comment: 'We are short that week' }]);
  });

  it("opens at the mail link's choice, and sends nothing before the confirmation", async () => {
    const fetch = server(LINK);
    renderWithApp(<AnswerPage token="tok-1" decision="reject" />, { path: '/answer/tok-1' });
    const form = await screen.findByRole('form', { name: 'Reject the request' });
    expect(answers(fetch)).toHaveLength(0);
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: /Reason for rejecting/ }), 'Short-staffed');
    await user.click(within(form).getByRole('button', { name: 'Confirm rejection' }));
    expect(await screen.findByTestId('answer-outcome')).toHaveTextContent('The request was rejected.');
    expect(answers(fetch)).toEqual([{ decision: 'reject', comment: 'Short-staffed' }]);
  });

  it("shows the server's refusal of a reason on the field", async () => {
    server(LINK, failure(400, 'Please check.', { comment: ['Please say why, in at most 500 characters.'] }));
    renderWithApp(<AnswerPage token="tok-1" />, { path: '/answer/tok-1' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const form = screen.getByRole('form', { name: 'Reject the request' });
    await user.type(within(form).getByRole('textbox', { name: /Reason for rejecting/ }), 'x');
    await user.click(within(form).getByRole('button', { name: 'Confirm rejection' }));
    expect(await within(form).findByText('Please say why, in at most 500 characters.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Reason for rejecting/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['expired', 'This link has expired: answer in your inbox.'],
    ['used', 'This link was already used.'],
    ['moved_on', 'This request has moved on: it no longer waits for you.'],
  ])('says a link that is %s can no longer answer, without the buttons', async (state, message) => {
    server({ ...LINK, state });
    renderWithApp(<AnswerPage token="tok-1" />, { path: '/answer/tok-1' });
    expect(await screen.findByTestId('answer-closed')).toHaveTextContent(message);
    expect(screen.getByTestId('answer-summary')).toHaveTextContent('Vacation (16 hrs)');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open your inbox' })).toHaveAttribute('href', '/admin/inbox');
  });

  it("says the server's own words for a link's state when it sends them", async () => {
    server({ ...LINK, state: 'moved_on', message: 'This request has moved on: Ana Silva answered it.' });
    renderWithApp(<AnswerPage token="tok-1" />, { path: '/answer/tok-1' });
    expect(await screen.findByTestId('answer-closed')).toHaveTextContent('This request has moved on: Ana Silva answered it.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says an unknown link is not valid', async () => {
    server(failure(404, 'This link is not valid.'));
    renderWithApp(<AnswerPage token="tok-1" />, { path: '/answer/tok-1' });
    expect(await screen.findByTestId('answer-closed')).toHaveTextContent('This link is not valid.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it("shows the server's words when the link was used or expired meanwhile", async () => {
    server(LINK, failure(410, 'This link has expired: answer in your inbox.'));
    renderWithApp(<AnswerPage token="tok-1" />, { path: '/answer/tok-1' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Approve this request' }));
    expect(await screen.findByTestId('answer-outcome')).toHaveTextContent('This link has expired: answer in your inbox.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve this request' })).toBeNull());
  });
});
