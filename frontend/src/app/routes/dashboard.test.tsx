import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { shiftWeek, weekOf } from '@/lib/company-time';
import { isoDateIn } from '@/lib/dates';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const NY = 'America/New_York';
type Handler = Parameters<typeof mockFetch>[0][string];
const json = (body: unknown): Handler => () => response({ json: body });
const apiError = (status: number, code: string, message: string): Handler => () =>
  response({ status, statusText: String(status), json: { code, message, errors: {}, requestId: 'r1' } });

const loginData = { 'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }) };

const dashboardData = (overrides: Record<string, unknown> = {}) => ({
  stats: { clockedHours: 100.5, overtimeHours: 2.25, clockedMinutes: 6030, overtimeMinutes: 135 },
  payCycleStart: '2026-11-01',
  payCycleEnd: '2026-11-14',
  timesheetEditRequests: 1,
  ...overrides,
});

const hoursRow = (overrides: Record<string, unknown>) => ({
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  avatar: null,
  minutes: 0,
  currentClockStatus: 0,
  currentClockTime: null,
  ...overrides,
});

const HOURS = [
  hoursRow({ employeeId: 11, firstname: 'Zoe', lastname: 'Young', minutes: 45, currentClockStatus: 2, currentClockTime: '2026-11-18T17:00:00Z' }),
  hoursRow({ employeeId: 9, minutes: 2437, currentClockStatus: 1, currentClockTime: '2026-11-18T14:03:00Z' }),
  hoursRow({ employeeId: 10, firstname: 'Liam', lastname: 'Carter', minutes: 3000, currentClockStatus: 3 }),
];

const pendingRequests = {
  count: 2,
  timesheetEditRequests: [
    { id: 5, entryId: 41, requestDate: '2026-11-17T15:00:00Z', payload: '{}', requestComments: '', changeType: 'out', status: 0, actor: null, actDate: null, actComments: null, employeeId: 9, name: 'Emma Brooks', avatar: null },
  ],
};

function signIn(overrides: Partial<IdentityClaims>) {
  sessionStore.setToken(fakeToken({ timezone: NY, ...overrides }));
}
const asAdmin = () => signIn({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] });

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}`).map(([url]) => new URL(String(url), 'http://x'));

const rowNames = () => screen.getAllByTestId('employee-hours-row').map((row) => within(row).getByRole('link').textContent);

describe('/admin/dashboard', () => {
  afterEach(() => sessionStore.clear());

  it('shows the pay cycle, the clocked and overtime tiles, the week of hours and the pending requests', async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /dashboard/data': json(dashboardData()),
      'GET /dashboard/employee-hours': json({ start: '2026-11-15', end: '2026-11-21', employees: HOURS }),
      'GET /dashboard/pending-requests': json(pendingRequests),
      'GET /dashboard/daily-hours': json({ start: '2026-11-01', end: '2026-11-14', days: [{ date: '2026-11-02', workedMinutes: 540, overtimeMinutes: 60, ptoMinutes: 0 }] }),
    });
    asAdmin();
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    // The pay cycle's hours per day, below the tiles.
    const perDay = await screen.findByRole('table', { name: 'Hours per day' });
    expect(within(perDay).getByRole('rowheader', { name: '11/02' }).parentElement).toHaveTextContent('11/028.001.000.00');
    expect(document.title).toBe('Dashboard | Timekeep');
    expect(await screen.findByTestId('pay-cycle')).toHaveTextContent('Pay cycle: November 01 - November 14');
    expect(screen.getByTestId('clocked-hours-tile')).toHaveTextContent('100.5 hrs');
    const overtime = screen.getByTestId('overtime-tile');
    expect(overtime).toHaveTextContent('2.3 hrs');
    expect(within(overtime).getByRole('link', { name: 'Overtime settings' })).toHaveAttribute('href', '/admin/manage/settings?tab=1&return=%2Fadmin%2Fdashboard');
    // A server without PTO figures: the PTO tile has no data; nobody has PTO that week.
    expect(screen.getByTestId('pto-hours-tile')).toHaveTextContent('No data');

    // Name A-Z (last name) by default; minutes under an hour as minutes, else hours with one decimal.
    await waitFor(() => expect(rowNames()).toEqual(['Emma Brooks', 'Liam Carter', 'Zoe Young']));
    const [emma, liam, zoe] = screen.getAllByTestId('employee-hours-row');
    expect(within(emma!).getByRole('link', { name: 'Emma Brooks' })).toHaveAttribute('href', '/admin/manage/view-user/9');
    expect(emma).toHaveTextContent('40.6 hrs');
    expect(emma).toHaveTextContent('Clocked in');
    expect(emma).toHaveTextContent('since 09:03 AM');
    expect(within(emma!).getByTestId('employee-pto')).toHaveTextContent('—');
    expect(liam).toHaveTextContent('50.0 hrs');
    expect(liam).toHaveTextContent('Clocked out');
    expect(zoe).toHaveTextContent('45 min');
    expect(zoe).toHaveTextContent('On a break');

    // This week first (Sunday to Saturday on the company clock).
    const thisWeek = weekOf(isoDateIn(new Date(), NY));
    const first = calls(fetch, '/dashboard/employee-hours')[0]!;
    expect([first.searchParams.get('start'), first.searchParams.get('end')]).toEqual([thisWeek.start, thisWeek.end]);

    const user = userEvent.setup();
    // The week filter: this week and the 3 before.
    await user.click(screen.getByLabelText('Week', { selector: 'input' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^This week \(/),
      expect.stringMatching(/^Last week \(/),
      expect.stringMatching(/^2 weeks ago \(/),
      expect.stringMatching(/^3 weeks ago \(/),
    ]);
    await user.click(options[3]!);
    const earlier = shiftWeek(thisWeek, -3);
    await waitFor(() => expect(calls(fetch, '/dashboard/employee-hours').at(-1)!.search).toBe(`?start=${earlier.start}&end=${earlier.end}`));

    const pending = screen.getByTestId('pending-requests');
    expect(within(pending).getByTestId('pending-count')).toHaveTextContent('2');
    expect(within(pending).getByTestId('pending-request')).toHaveTextContent('Emma Brooks');
    expect(within(pending).getByTestId('pending-request')).toHaveTextContent('11/17/2026 10:00 AM');
    expect(within(pending).getByRole('link', { name: /Inbox/ })).toHaveAttribute('href', '/admin/inbox');
  });

  it("shows the pay cycle's PTO hours first, each employee's PTO that week, and pending time-off requests", async () => {
    mockFetch({
      ...loginData,
      'GET /dashboard/data': json(
        dashboardData({
          stats: { clockedHours: 100.5, overtimeHours: 2.25, clockedMinutes: 6030, overtimeMinutes: 135, ptoMinutes: 1470, ptoHours: 24.5 },
          ptoRequests: 1,
        }),
      ),
      'GET /dashboard/employee-hours': json({
        start: '2026-11-15',
        end: '2026-11-21',
        employees: [hoursRow({ employeeId: 9, minutes: 1920, pto: 480 }), hoursRow({ employeeId: 10, firstname: 'Liam', lastname: 'Carter', minutes: 2400, pto: 30 })],
      }),
      'GET /dashboard/pending-requests': json({
        ...pendingRequests,
        timeoffRequests: [
          {
            id: 12, name: 'Liam Carter', type: 'Vacation', color: '#2f9e44', createDate: '2026-11-17T14:30:00Z', allday: 0,
            start: '2026-12-01 09:00:00', end: '2026-12-01 11:00:00', minutes: 120, reason: '', status: 0, approveBy: null, rejectBy: null,
            actDate: null, actComments: null, employeeId: 10, firstname: 'Liam', lastname: 'Carter', avatar: null,
          },
        ],
      }),
    });
    asAdmin();
    renderRoutes(routes, '/admin/dashboard');
    const tile = await screen.findByTestId('pto-hours-tile');
    await waitFor(() => expect(tile).toHaveTextContent('24.5 hrs'));
    expect(within(tile).getByRole('heading', { name: 'PTO Hours' })).toBeInTheDocument();
    // The first of the three tiles.
    expect(screen.getAllByTestId(/-tile$/).map((t) => t.dataset.testid)).toEqual(['pto-hours-tile', 'clocked-hours-tile', 'overtime-tile']);

    await waitFor(() => expect(rowNames()).toEqual(['Emma Brooks', 'Liam Carter']));
    const table = screen.getByTestId('employee-hours');
    expect(within(table).getByRole('columnheader', { name: 'PTO' })).toBeInTheDocument();
    const [emma, liam] = screen.getAllByTestId('employee-hours-row');
    expect(within(emma!).getByTestId('employee-pto')).toHaveTextContent('8.0 hrs');
    expect(emma).toHaveTextContent('32.0 hrs');
    expect(within(liam!).getByTestId('employee-pto')).toHaveTextContent('30 min');

    // Time off first, then the timesheet edit.
    const pending = screen.getByTestId('pending-requests');
    const [timeOff, edit] = within(pending).getAllByTestId('pending-request');
    expect(timeOff).toHaveTextContent('Liam Carter');
    expect(timeOff).toHaveTextContent('Vacation · 12/01/2026 09:00 AM – 11:00 AM');
    expect(edit).toHaveTextContent('Emma Brooks');
    expect(edit).toHaveTextContent('Timesheet edit · 11/17/2026 10:00 AM');
    expect(within(pending).getByRole('link', { name: /Inbox/ })).toHaveAttribute('href', '/admin/inbox');
    // The bell counts both kinds.
    expect(await screen.findByRole('link', { name: 'Inbox: 2 pending requests' })).toBeInTheDocument();
  });

  it('sorts by hours, most first', async () => {
    mockFetch({
      ...loginData,
      'GET /dashboard/data': json(dashboardData()),
      'GET /dashboard/employee-hours': json({ start: '2026-11-15', end: '2026-11-21', employees: HOURS }),
      'GET /dashboard/pending-requests': json(pendingRequests),
    });
    asAdmin();
    renderRoutes(routes, '/admin/dashboard');
    await waitFor(() => expect(rowNames()).toEqual(['Emma Brooks', 'Liam Carter', 'Zoe Young']));
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Hours' }));
    await waitFor(() => expect(rowNames()).toEqual(['Liam Carter', 'Emma Brooks', 'Zoe Young']));
    expect(screen.getAllByTestId('employee-hours-row').map((r) => within(r).getByText(/ (hrs|min)$/).textContent)).toEqual(['50.0 hrs', '40.6 hrs', '45 min']);
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Name' }));
    await waitFor(() => expect(rowNames()).toEqual(['Emma Brooks', 'Liam Carter', 'Zoe Young']));
  });

  it('shows the empty texts of the pay cycle, the overtime and the week', async () => {
    mockFetch({
      ...loginData,
      'GET /dashboard/data': json(dashboardData({ stats: { clockedHours: 0, overtimeHours: 0, clockedMinutes: 0, overtimeMinutes: 0 } })),
      'GET /dashboard/employee-hours': json({ start: '2026-11-15', end: '2026-11-21', employees: [] }),
      'GET /dashboard/pending-requests': json({ count: 0, timesheetEditRequests: [] }),
    });
    signIn({ eid: 2, roles: ['manager'] });
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByText('There is no data for this pay cycle')).toBeInTheDocument();
    expect(screen.getByText('There is no overtime data')).toBeInTheDocument();
    expect(await screen.findByTestId('employee-hours-empty')).toHaveTextContent('No data');
    expect(screen.getByTestId('pending-count')).toHaveTextContent('0');
  });

  it('shows the week as cards on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      mockFetch({
        ...loginData,
        'GET /dashboard/data': json(dashboardData()),
        'GET /dashboard/employee-hours': json({ start: '2026-11-15', end: '2026-11-21', employees: HOURS }),
        'GET /dashboard/pending-requests': json(pendingRequests),
      });
      asAdmin();
      renderRoutes(routes, '/admin/dashboard');
      await waitFor(() => expect(rowNames()).toEqual(['Emma Brooks', 'Liam Carter', 'Zoe Young']));
      expect(screen.getByTestId('employee-hours').querySelector('table')).toBeNull();
      expect(screen.getAllByTestId('employee-hours-row')[0]).toHaveTextContent('40.6 hrs');
    } finally {
      window.matchMedia = original;
    }
  });

  it("opens a modal titled 'Error' with the message and an Ok button when loading fails", async () => {
    mockFetch({
      ...loginData,
      'GET /dashboard/data': apiError(403, 'forbidden', 'You may not see this dashboard.'),
      'GET /dashboard/employee-hours': json({ start: '2026-11-15', end: '2026-11-21', employees: [] }),
      'GET /dashboard/pending-requests': json({ count: 0, timesheetEditRequests: [] }),
    });
    asAdmin();
    renderRoutes(routes, '/admin/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('You may not see this dashboard.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull());
  });
});
