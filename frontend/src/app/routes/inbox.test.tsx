import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const NY = 'America/New_York';
type Handler = Parameters<typeof mockFetch>[0][string];
const json = (body: unknown): Handler => () => response({ json: body });
const apiError = (status: number, code: string, message: string): Handler => () =>
  response({ status, statusText: String(status), json: { code, message, errors: {}, requestId: 'r1' } });

const loginData = { 'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }) };

function row(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    entryId: 41,
    requestDate: '2026-11-17T15:00:00Z',
    payload: JSON.stringify({
      start: '2026-11-16T14:00:00Z',
      end: '2026-11-16T23:30:00Z',
      breaks: [['2026-11-16T17:00:00Z', '2026-11-16T17:30:00Z'], ['2026-11-16T20:00:00Z']],
      boptype: 'CHANGE',
    }),
    requestComments: 'Forgot to clock out',
    changeType: 'inout',
    status: 0,
    actor: null,
    actDate: null,
    actComments: null,
    employeeId: 9,
    name: 'Emma Brooks',
    avatar: null,
    ...overrides,
  };
}

const EMPLOYEES = [
  { id: 9, firstname: 'Emma', lastname: 'Brooks', status: 1 },
  { id: 10, firstname: 'Liam', lastname: 'Carter', status: 1 },
];

interface InboxOptions {
  pending?: unknown[];
  pendingCount?: number;
  completed?: unknown[];
  completedCount?: number;
  page?: number;
  employees?: unknown[];
}

function inbox(options: InboxOptions = {}) {
  const { pending = [row()], completed = [], page = 1, employees = EMPLOYEES } = options;
  const { pendingCount = pending.length, completedCount = completed.length } = options;
  return { pending: { timesheet: { rows: pending, count: pendingCount } }, completed: { timesheet: { rows: completed, count: completedCount } }, page, employees };
}

const RESPONDED = [
  row({ id: 3, status: 1, actor: 'Max M.', actDate: '2026-11-16T16:00:00Z', payload: JSON.stringify({ start: null, end: '2026-11-15T22:00:00Z', breaks: [], boptype: 'NOCHANGE' }), changeType: 'out' }),
  row({ id: 2, status: 2, actor: 'Ada A.', actDate: '2026-11-14T16:00:00Z', actComments: 'You left at 5', payload: JSON.stringify({ start: null, end: null, breaks: [], boptype: 'REMOVE' }), changeType: 'in', employeeId: 10, name: 'Liam Carter' }),
];

function signIn(overrides: Partial<IdentityClaims>) {
  sessionStore.setToken(fakeToken({ timezone: NY, ...overrides }));
}
const asManager = () => signIn({ eid: 2, firstname: 'Max', lastname: 'Manager', roles: ['manager'] });

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}`).map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init! }));

describe('/admin/inbox', () => {
  afterEach(() => sessionStore.clear());

  it('lists pending requests with what they change on the company clock, and the responses without a cancel', async () => {
    const fetch = mockFetch({ ...loginData, 'GET /inbox/data': json(inbox({ completed: RESPONDED })), 'GET /dashboard/pending-requests': json({ count: 1, timesheetEditRequests: [] }) });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(document.title).toBe('Inbox | Timekeep');
    const requests = screen.getByRole('region', { name: 'Requests' });
    expect(await within(requests).findByTestId('pending-total')).toHaveTextContent('1');
    const card = within(requests).getByTestId('pending-card');
    expect(card).toHaveTextContent('Emma Brooks');
    expect(card).toHaveTextContent('Timesheet edit requested 11/17/2026 10:00 AM');
    const changes = within(card).getByTestId('request-changes');
    expect(changes).toHaveTextContent('Change: Clock In and Clock Out');
    expect(changes).toHaveTextContent('Clock In: 11/16/2026 09:00 AM');
    expect(changes).toHaveTextContent('Clock Out: 11/16/2026 06:30 PM');
    expect(changes).toHaveTextContent('Breaks: Replace with 12:00 PM – 12:30 PM, 03:00 PM – …');
    expect(changes).toHaveTextContent('Comment: Forgot to clock out');
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    // Everything fits on the first page: no 'Show More'.
    expect(screen.queryByRole('link', { name: 'Show More' })).toBeNull();

    const responded = screen.getByRole('region', { name: 'Responded' });
    const [approved, rejected] = within(responded).getAllByTestId('responded-card');
    expect(approved).toHaveTextContent('Approved By Max M.');
    expect(approved).toHaveTextContent('Clock Out: 11/15/2026 05:00 PM');
    expect(approved).toHaveTextContent('Breaks: No change');
    expect(rejected).toHaveTextContent('Rejected By Ada A.');
    expect(rejected).toHaveTextContent('Reason: You left at 5');
    expect(rejected).toHaveTextContent('Breaks: Remove all breaks');
    // Timesheet edit responses cannot be cancelled.
    expect(within(responded).queryAllByRole('button')).toHaveLength(0);

    expect(calls(fetch, '/inbox/data')[0]!.url.search).toBe('?page=1&includesTerminated=0');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/admin/inbox');
  });

  it("shows the empty texts", async () => {
    mockFetch({ ...loginData, 'GET /inbox/data': json(inbox({ pending: [] })) });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    expect(await screen.findByTestId('no-pending')).toHaveTextContent('Woohoo! No requests to worry about!');
    expect(screen.getByTestId('no-responded')).toHaveTextContent("This is where you'll see a history of your request responses.");
    expect(screen.getByTestId('pending-total')).toHaveTextContent('0');
  });

  it("offers 'Show More' when there are more requests than shown, asking for the next page", async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /inbox/data': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const rows = Array.from({ length: page * 10 }, (_, i) => row({ id: 100 + i }));
        return response({ json: inbox({ pending: rows, pendingCount: 15, page }) });
      },
    });
    asManager();
    const { router } = renderRoutes(routes, '/admin/inbox?includes_terminated=1');
    expect(await screen.findAllByTestId('pending-card')).toHaveLength(10);
    const more = screen.getByRole('link', { name: 'Show More' });
    expect(more).toHaveAttribute('href', '/admin/inbox?includes_terminated=1&more=2');
    await userEvent.setup().click(more);
    await waitFor(() => expect(screen.getAllByTestId('pending-card')).toHaveLength(20));
    expect(router.state.location.search).toBe('?includes_terminated=1&more=2');
    expect(calls(fetch, '/inbox/data').at(-1)!.url.search).toBe('?page=2&includesTerminated=1');
    expect(screen.queryByRole('link', { name: 'Show More' })).toBeNull();
  });

  it('approves with a spinner, then reloads the inbox, the dashboard and the bell', async () => {
    let release: () => void = () => {};
    let pending = [row()];
    const fetch = mockFetch({
      ...loginData,
      'GET /inbox/data': () => response({ json: inbox({ pending }) }),
      'GET /dashboard/pending-requests': () => response({ json: { count: pending.length, timesheetEditRequests: [] } }),
      'POST /timesheet/edit-request-approve': () =>
        new Promise((resolve) => {
          release = () => {
            pending = [];
            resolve(response({ json: { id: 41, employeeId: 9, day: '2026-11-16', start: '2026-11-16T14:00:00Z' } }));
          };
        }),
    });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    expect(await screen.findByRole('link', { name: 'Inbox: 1 pending request' })).toBeInTheDocument();
    const card = await screen.findByTestId('pending-card');
    const approve = within(card).getByRole('button', { name: 'Approve' });
    await userEvent.setup().click(approve);
    await waitFor(() => expect(approve).toHaveAttribute('data-loading'));
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(bodyOf(calls(fetch, '/timesheet/edit-request-approve')[0]!.init)).toEqual({ reqId: 5 });
    release();
    expect(await screen.findByTestId('no-pending')).toHaveTextContent('Woohoo! No requests to worry about!');
    expect(await screen.findByRole('link', { name: 'Inbox: no pending requests' })).toBeInTheDocument();
  });

  it("shows the server's message when an approval fails", async () => {
    mockFetch({
      ...loginData,
      'GET /inbox/data': json(inbox()),
      'POST /timesheet/edit-request-approve': apiError(409, 'conflict', 'This shift overlaps another shift'),
    });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    const card = await screen.findByTestId('pending-card');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This shift overlaps another shift');
  });

  it('rejects in a 300 wide panel that requires a reason after trimming', async () => {
    let pending = [row()];
    const fetch = mockFetch({
      ...loginData,
      'GET /inbox/data': () => response({ json: inbox({ pending }) }),
      'POST /timesheet/edit-request-reject': () => {
        pending = [];
        return response({ json: { id: 5, status: 2 } });
      },
    });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('pending-card')).getByRole('button', { name: 'Reject' }));
    const panel = await screen.findByTestId('reject-panel');
    expect(panel).toHaveAttribute('data-width', '300');
    expect(within(panel).getByText('Reject Request')).toBeInTheDocument();
    const reason = within(panel).getByLabelText(/^Reason/);
    fireEvent.change(reason, { target: { value: '   ' } });
    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    expect(await within(panel).findByText('Please input the reason of the rejection')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetch, '/timesheet/edit-request-reject')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  You left at 5  ');
    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls(fetch, '/timesheet/edit-request-reject')).toHaveLength(1));
    expect(bodyOf(calls(fetch, '/timesheet/edit-request-reject')[0]!.init)).toEqual({ reqId: 5, comment: 'You left at 5' });
    expect(await screen.findByTestId('no-pending')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject Request' })).toBeNull());
  });

  it('opens the reject panel full width on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      mockFetch({ ...loginData, 'GET /inbox/data': json(inbox()) });
      asManager();
      renderRoutes(routes, '/admin/inbox');
      await userEvent.setup().click(within(await screen.findByTestId('pending-card')).getByRole('button', { name: 'Reject' }));
      await screen.findByRole('dialog', { name: 'Reject Request' });
      expect(screen.getByTestId('reject-panel')).toHaveAttribute('data-width', 'full');
    } finally {
      window.matchMedia = original;
    }
  });

  it("filters the responses by employee, with '-- All --' and terminated people only when asked", async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /inbox/data': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        const employees = params.get('includesTerminated') === '1' ? [...EMPLOYEES, { id: 12, firstname: 'Olga', lastname: 'Gone', status: 0 }] : EMPLOYEES;
        const employeeId = params.get('employeeId');
        const completed = employeeId ? RESPONDED.filter((r) => String(r.employeeId) === employeeId) : RESPONDED;
        return response({ json: inbox({ completed, employees }) });
      },
    });
    asManager();
    const { router } = renderRoutes(routes, '/admin/inbox');
    expect(await screen.findAllByTestId('responded-card')).toHaveLength(2);
    const user = userEvent.setup();
    const filter = screen.getByLabelText('Employee', { selector: 'input' });
    expect(filter).toHaveValue('-- All --');
    await user.click(filter);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['-- All --', 'Emma Brooks', 'Liam Carter']);
    await user.click(screen.getByRole('option', { name: 'Liam Carter' }));
    await waitFor(() => expect(screen.getAllByTestId('responded-card')).toHaveLength(1));
    expect(calls(fetch, '/inbox/data').at(-1)!.url.search).toBe('?page=1&employeeId=10&includesTerminated=0');

    await user.click(screen.getByRole('checkbox', { name: 'Include terminated employees' }));
    await waitFor(() => expect(router.state.location.search).toBe('?includes_terminated=1'));
    await waitFor(() => expect(calls(fetch, '/inbox/data').at(-1)!.url.search).toBe('?page=1&includesTerminated=1'));
    await user.click(screen.getByLabelText('Employee', { selector: 'input' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['-- All --', 'Emma Brooks', 'Liam Carter', 'Olga Gone (terminated)']));
  });

  it("opens the 'Error' modal when the inbox cannot be loaded", async () => {
    mockFetch({ ...loginData, 'GET /inbox/data': apiError(404, 'not_found', 'No such employee') });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('No such employee');
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toBeInTheDocument();
  });

  it('is not for employees', async () => {
    mockFetch({ 'GET /account/signup-data': json({ authorizationUrl: null }) });
    signIn({ roles: ['employee'] });
    const { router } = renderRoutes(routes, '/admin/inbox');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Finbox');
  });
});
