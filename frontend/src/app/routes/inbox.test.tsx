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

/** A time-off request as the inbox lists it (the contract's InboxTimeOffRow). */
function timeOff(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    name: 'Liam Carter',
    type: 'Vacation',
    color: '#2f9e44',
    createDate: '2026-11-17T14:30:00Z',
    allday: 1,
    start: '2026-12-01 00:00:00',
    end: '2026-12-03 23:59:59',
    minutes: 1440,
    reason: 'Family trip',
    status: 0,
    approveBy: null,
    rejectBy: null,
    actDate: null,
    actComments: null,
    employeeId: 10,
    firstname: 'Liam',
    lastname: 'Carter',
    avatar: null,
    ...overrides,
  };
}

interface InboxOptions {
  pending?: unknown[];
  pendingCount?: number;
  completed?: unknown[];
  completedCount?: number;
  /** Time-off sections; left out (as an older server does) unless given. */
  pendingTimeOff?: unknown[];
  pendingTimeOffCount?: number;
  completedTimeOff?: unknown[];
  completedTimeOffCount?: number;
  page?: number;
  employees?: unknown[];
}

function inbox(options: InboxOptions = {}) {
  const { pending = [row()], completed = [], page = 1, employees = EMPLOYEES, pendingTimeOff, completedTimeOff } = options;
  const { pendingCount = pending.length, completedCount = completed.length } = options;
  const section = (rows: unknown[] | undefined, count: number | undefined) => (rows ? { timeoff: { rows, count: count ?? rows.length } } : {});
  return {
    pending: { timesheet: { rows: pending, count: pendingCount }, ...section(pendingTimeOff, options.pendingTimeOffCount) },
    completed: { timesheet: { rows: completed, count: completedCount }, ...section(completedTimeOff, options.completedTimeOffCount) },
    page,
    employees,
  };
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

  it("shows the viewer's own requests without Approve or Reject, naming who answers them", async () => {
    const own = {
      ...inbox({
        pending: [row({ id: 7, employeeId: 2, name: 'Max Manager', mayAnswer: false })],
        pendingTimeOff: [timeOff({ id: 13, employeeId: 2, name: 'Max Manager', mayAnswer: false }), timeOff({ mayAnswer: true })],
      }),
      whoAnswers: [{ employeeId: 2, names: ['Ada Admin', 'Bo Boss'] }],
    };
    mockFetch({ ...loginData, 'GET /inbox/data': json(own) });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    const cards = await screen.findAllByTestId('pending-card');
    expect(cards).toHaveLength(3);
    const [ownTimeOff, theirs, ownEdit] = cards;
    for (const card of [ownTimeOff!, ownEdit!]) {
      expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(within(card).queryByRole('button', { name: 'Reject' })).toBeNull();
      expect(within(card).getByTestId('own-request')).toHaveTextContent('You cannot answer a request of your own: Ada Admin or Bo Boss can.');
    }
    expect(within(theirs!).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
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

  it('asks before closing the reject panel over a reason not sent', async () => {
    mockFetch({ ...loginData, 'GET /inbox/data': json(inbox()) });
    asManager();
    renderRoutes(routes, '/admin/inbox');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('pending-card')).getByRole('button', { name: 'Reject' }));
    const panel = await screen.findByTestId('reject-panel');
    await user.type(within(panel).getByLabelText(/^Reason/), 'Not this week');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('dialog', { name: /Discard unsaved changes/ });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(panel).getByLabelText(/^Reason/)).toHaveValue('Not this week');
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

  describe('time-off requests', () => {
    it('lists pending time off first, then timesheet edits, with the type, days, hours, reason and a link to the folder', async () => {
      mockFetch({
        ...loginData,
        'GET /inbox/data': json(
          inbox({
            pendingTimeOff: [
              timeOff(),
              timeOff({ id: 13, name: 'Emma Brooks', firstname: 'Emma', lastname: 'Brooks', employeeId: 9, type: 'Sick', allday: 0, start: '2026-12-04 09:00:00', end: '2026-12-04 09:45:00', minutes: 45, reason: '' }),
            ],
          }),
        ),
        'GET /dashboard/pending-requests': json({ count: 3, timesheetEditRequests: [], timeoffRequests: [timeOff()] }),
      });
      asManager();
      renderRoutes(routes, '/admin/inbox');
      const requests = await screen.findByRole('region', { name: 'Requests' });
      await waitFor(() => expect(within(requests).getAllByTestId('pending-card')).toHaveLength(3));
      // Both kinds count.
      expect(within(requests).getByTestId('pending-total')).toHaveTextContent('3');
      const [vacation, sick, edit] = within(requests).getAllByTestId('pending-card');
      expect(vacation).toHaveAttribute('data-kind', 'timeoff');
      expect(vacation).toHaveAccessibleName('Time off request of Liam Carter');
      expect(within(vacation!).getByRole('link', { name: 'Liam Carter' })).toHaveAttribute('href', '/admin/manage/view-user/10');
      // The submitted instant on the company clock.
      expect(vacation).toHaveTextContent('Time off requested 11/17/2026 09:30 AM');
      const details = within(vacation!).getByTestId('timeoff-details');
      expect(details).toHaveTextContent('Type: Vacation');
      expect(details).toHaveTextContent('Dates: 12/01/2026 – 12/03/2026');
      expect(details).toHaveTextContent('Hours: 24 hrs');
      expect(details).toHaveTextContent('Reason: Family trip');
      expect(within(vacation!).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
      expect(within(vacation!).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

      // A partial day shows its times (already the company's wall time); under an hour shows minutes.
      const sickDetails = within(sick!).getByTestId('timeoff-details');
      expect(sickDetails).toHaveTextContent('Type: Sick');
      expect(sickDetails).toHaveTextContent('Dates: 12/04/2026 09:00 AM – 09:45 AM');
      expect(sickDetails).toHaveTextContent('Hours: 45 min');
      expect(sickDetails).not.toHaveTextContent('Reason');

      expect(edit).toHaveAccessibleName('Timesheet edit request of Emma Brooks');
      expect(await screen.findByRole('link', { name: 'Inbox: 3 pending requests' })).toBeInTheDocument();
    });

    it("offers 'Show More' when there are more time-off requests than shown", async () => {
      mockFetch({
        ...loginData,
        'GET /inbox/data': json(inbox({ pending: [], pendingTimeOff: [timeOff()], pendingTimeOffCount: 11 })),
      });
      asManager();
      renderRoutes(routes, '/admin/inbox');
      expect(await screen.findByTestId('pending-card')).toHaveAttribute('data-kind', 'timeoff');
      expect(screen.getByTestId('pending-total')).toHaveTextContent('11');
      expect(screen.getByRole('link', { name: 'Show More' })).toHaveAttribute('href', '/admin/inbox?more=2');
    });

    it('approves with a spinner, posting {request: id}, then reloads the inbox and the bell', async () => {
      let release: () => void = () => {};
      let pending = [timeOff()];
      const fetch = mockFetch({
        ...loginData,
        'GET /inbox/data': () => response({ json: inbox({ pending: [], pendingTimeOff: pending }) }),
        'GET /dashboard/pending-requests': () => response({ json: { count: pending.length, timesheetEditRequests: [], timeoffRequests: pending } }),
        'POST /pto/approve-timeoff': () =>
          new Promise((resolve) => {
            release = () => {
              pending = [];
              resolve(response({ json: { request: { id: 12, status: 3 }, changed: true, message: 'The request has been approved.' } }));
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
      expect(bodyOf(calls(fetch, '/pto/approve-timeoff')[0]!.init)).toEqual({ request: 12 });
      release();
      expect(await screen.findByText('The request has been approved.')).toBeInTheDocument();
      expect(await screen.findByTestId('no-pending')).toHaveTextContent('Woohoo! No requests to worry about!');
      expect(await screen.findByRole('link', { name: 'Inbox: no pending requests' })).toBeInTheDocument();
    });

    it("shows the server's refusal on the card: one's own request, or a balance that no longer covers it", async () => {
      const replies: Handler[] = [
        apiError(403, 'forbidden', 'You cannot approve or reject your own request.'),
        () =>
          response({
            status: 400,
            statusText: 'Bad Request',
            json: { code: 'validation', message: 'Invalid input', errors: { balance: ["Dang it! You don't have enough Vacation available for this request. 4 h available, 8 h requested."] }, requestId: 'r2' },
          }),
      ];
      mockFetch({
        ...loginData,
        'GET /inbox/data': json(inbox({ pending: [], pendingTimeOff: [timeOff()] })),
        'POST /pto/approve-timeoff': (init) => replies.shift()!(init),
      });
      asManager();
      renderRoutes(routes, '/admin/inbox');
      const card = await screen.findByTestId('pending-card');
      const user = userEvent.setup();
      await user.click(within(card).getByRole('button', { name: 'Approve' }));
      expect(await within(card).findByRole('alert')).toHaveTextContent('You cannot approve or reject your own request.');
      await user.click(within(card).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent("Dang it! You don't have enough Vacation available for this request. 4 h available, 8 h requested."));
    });

    it('rejects in the panel, requiring a reason, and posts {request, comment}', async () => {
      let pending = [timeOff()];
      const fetch = mockFetch({
        ...loginData,
        'GET /inbox/data': () => response({ json: inbox({ pending: [], pendingTimeOff: pending }) }),
        'POST /pto/reject-timeoff': () => {
          pending = [];
          return response({ json: { request: { id: 12, status: 4 }, changed: true, message: 'The request has been denied.' } });
        },
      });
      asManager();
      renderRoutes(routes, '/admin/inbox');
      const user = userEvent.setup();
      await user.click(within(await screen.findByTestId('pending-card')).getByRole('button', { name: 'Reject' }));
      const panel = await screen.findByTestId('reject-panel');
      expect(panel).toHaveTextContent('Rejecting the time off request of Liam Carter.');
      const reason = within(panel).getByLabelText(/^Reason/);
      await user.click(within(panel).getByRole('button', { name: 'Reject' }));
      expect(await within(panel).findByText('Please input the reason of the rejection')).toBeInTheDocument();
      expect(reason).toHaveAttribute('aria-invalid', 'true');
      expect(calls(fetch, '/pto/reject-timeoff')).toHaveLength(0);

      await user.type(reason, ' We are short-staffed that week ');
      await user.click(within(panel).getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(calls(fetch, '/pto/reject-timeoff')).toHaveLength(1));
      expect(bodyOf(calls(fetch, '/pto/reject-timeoff')[0]!.init)).toEqual({ request: 12, comment: 'We are short-staffed that week' });
      expect(calls(fetch, '/timesheet/edit-request-reject')).toHaveLength(0);
      expect(await screen.findByTestId('no-pending')).toBeInTheDocument();
      expect(await screen.findByText('The request has been denied.')).toBeInTheDocument();
    });

    it("shows who answered ('Approved By', 'Rejected By') and cancels a responded request after the warning", async () => {
      let completed = [
        timeOff({ id: 20, status: 1, approveBy: 'Max M.', actDate: '2026-11-18T15:00:00Z' }),
        timeOff({ id: 21, status: 2, rejectBy: 'Ada A.', actDate: '2026-11-18T16:00:00Z', actComments: 'Busy season', type: 'Sick' }),
      ];
      const fetch = mockFetch({
        ...loginData,
        'GET /inbox/data': () => response({ json: inbox({ pending: [], completed: RESPONDED, completedTimeOff: completed }) }),
        'POST /pto/cancel-request': () => {
          completed = completed.filter((r) => r.id !== 20);
          return response({ json: { request: { id: 20, status: 5 }, changed: true, message: 'The request has been cancelled.' } });
        },
      });
      asManager();
      renderRoutes(routes, '/admin/inbox');
      const responded = await screen.findByRole('region', { name: 'Responded' });
      await waitFor(() => expect(within(responded).getAllByTestId('responded-card')).toHaveLength(4));
      const [approved, rejected, edit] = within(responded).getAllByTestId('responded-card');
      expect(approved).toHaveAttribute('data-kind', 'timeoff');
      expect(within(approved!).getByTestId('responded-by')).toHaveTextContent('Approved By Max M. · 11/18/2026 10:00 AM');
      expect(within(rejected!).getByTestId('responded-by')).toHaveTextContent('Rejected By Ada A.');
      expect(rejected).toHaveTextContent('Rejection reason: Busy season');
      // Timesheet edit responses still have no cancel.
      expect(within(edit!).queryAllByRole('button')).toHaveLength(0);

      const user = userEvent.setup();
      await user.click(within(approved!).getByRole('button', { name: 'Cancel' }));
      let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
      expect(dialog).toHaveTextContent("Once you hit cancel there's no going back!");
      // 'No' leaves it as it was.
      await user.click(within(dialog).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
      expect(calls(fetch, '/pto/cancel-request')).toHaveLength(0);

      await user.click(within(approved!).getByRole('button', { name: 'Cancel' }));
      dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(calls(fetch, '/pto/cancel-request')).toHaveLength(1));
      const call = calls(fetch, '/pto/cancel-request')[0]!;
      expect(call.url.search).toBe('?id=20');
      expect(call.init.method).toBe('POST');
      expect(await screen.findByText('The request has been cancelled.')).toBeInTheDocument();
      await waitFor(() => expect(within(responded).getAllByTestId('responded-card')).toHaveLength(3));
    });

    it("shows the server's message when a cancel is refused", async () => {
      mockFetch({
        ...loginData,
        'GET /inbox/data': json(inbox({ pending: [], completedTimeOff: [timeOff({ status: 2, rejectBy: 'Ada A.' })] })),
        'POST /pto/cancel-request': apiError(409, 'conflict', 'This request can no longer be cancelled.'),
      });
      asManager();
      renderRoutes(routes, '/admin/inbox');
      const card = await screen.findByTestId('responded-card');
      const user = userEvent.setup();
      await user.click(within(card).getByRole('button', { name: 'Cancel' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }));
      expect(await within(card).findByRole('alert')).toHaveTextContent('This request can no longer be cancelled.');
    });
  });
});
