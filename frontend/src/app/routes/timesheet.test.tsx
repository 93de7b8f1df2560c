import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { weekOf } from '@/lib/company-time';
import { isoDateIn } from '@/lib/dates';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

// Whole screens render here (shell, lazy routes, portals): give them time on a busy machine.

const NY = 'America/New_York';
const WEEK = '?start=2026-11-15&end=2026-11-21';
type Handler = Parameters<typeof mockFetch>[0][string];

const loginData = { 'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }) };
const json = (body: unknown, status = 200): Handler => () => response({ status, json: body });
const apiError = (status: number, code: string, message: string, errors: Record<string, string[]> = {}): Handler => () =>
  response({ status, statusText: String(status), json: { code, message, errors, requestId: 'r1' } });

const EMMA = { id: 9, firstname: 'Emma', lastname: 'Brooks', avatar: null, currentClockStatus: 3 };

function entry(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    trackingNumber: 41,
    employeeId: 9,
    firstname: 'Emma',
    lastname: 'Brooks',
    day: '2026-11-16',
    start: '2026-11-16T14:03:00Z',
    end: '2026-11-16T22:33:00Z',
    breaks: [{ from: '2026-11-16T17:00:00Z', to: '2026-11-16T17:30:00Z' }],
    totalmins: 480,
    duration: '8:00',
    entryStatus: 0,
    currentClockStatus: 3,
    history: [
      { actionType: 'start', actionDate: '2026-11-16T14:03:00Z' },
      { actionType: 'end', actionDate: '2026-11-16T22:33:00Z' },
    ],
    ...overrides,
  };
}

const list = (entries: unknown[], employee = EMMA) => json({ entries, totalCount: entries.length, employee });

function raisedRequest(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    entryId: 41,
    employeeId: 9,
    requestDate: '2026-11-17T15:00:00Z',
    requestComments: 'Forgot to clock out',
    changeType: 'out',
    payload: { start: null, end: '2026-11-16T23:30:00Z', boptype: 'NOCHANGE', breaks: [] },
    status: 0,
    actDate: null,
    actComments: null,
    actorFirstname: '',
    actorLastname: '',
    requesterFirstname: 'Emma',
    requesterLastname: 'Brooks',
    ...overrides,
  };
}

function signIn(overrides: Partial<IdentityClaims>) {
  sessionStore.setToken(fakeToken({ timezone: NY, ...overrides }));
}
const asEmma = () => signIn({ eid: 9, firstname: 'Emma', lastname: 'Brooks', roles: ['employee'] });
const asManager = () => signIn({ eid: 2, firstname: 'Max', lastname: 'Manager', roles: ['manager'] });
const asAdmin = () => signIn({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] });

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}`).map(([url, init]) => ({ url: String(url), init: init! }));

async function openRowAction(label: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Actions for / }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
  return user;
}

const panel = () => screen.findByTestId('side-panel');

describe('/timesheet', () => {
  afterEach(() => sessionStore.clear());

  it("shows an employee's own week with times on the company clock and 'Pending Approval'", async () => {
    const fetch = mockFetch({ ...loginData, 'GET /timesheet/list': list([entry(), entry({ id: 42, day: '2026-11-17', start: '2026-11-17T14:00:00Z', end: null, entryStatus: 2, breaks: [], totalmins: 0 })]) });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Timesheet' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('timesheet-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Monday 11/16/2026');
    expect(rows[0]).toHaveTextContent('11/16/2026 09:03 AM');
    expect(rows[0]).toHaveTextContent('11/16/2026 05:33 PM');
    expect(rows[0]).toHaveTextContent('0h 30m');
    expect(rows[0]).toHaveTextContent('8h 00m');
    expect(rows[1]).toHaveTextContent('Pending Approval');
    expect(screen.getByTestId('week-range')).toHaveTextContent('11/15/2026 – 11/21/2026');
    expect(screen.getByTestId('week-total')).toHaveTextContent('Total: 8h 00m');
    expect(calls(fetch, '/timesheet/list')[0]!.url).toBe('/server/v1/timesheet/list?start=2026-11-15&end=2026-11-21');
    // No picker and no 'Add Shift' for employees; the menu says 'My Timesheet'.
    expect(screen.queryByRole('button', { name: 'Add Shift' })).toBeNull();
    expect(screen.queryByTestId('employee-picker')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'My Timesheet' })).toHaveAttribute('href', '/timesheet');
    expect(document.title).toBe('My Timesheet | Timekeep');
  });

  it('splits the week into regular, overtime and double time by the company rules, with each day\'s premium on its first shift (issue 37)', async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /timesheet/list': list([
        entry(),
        entry({ id: 43, start: '2026-11-17T00:00:00Z', end: '2026-11-17T04:00:00Z', breaks: [], totalmins: 240 }),
        entry({ id: 42, day: '2026-11-17', start: '2026-11-17T14:00:00Z', end: '2026-11-18T04:00:00Z', breaks: [], totalmins: 840 }),
      ]),
      'GET /timesheet/pay-hours': json({
        employeeId: 9,
        start: '2026-11-15',
        end: '2026-11-21',
        ruleSet: { id: 'us-ca', name: 'California', citation: 'Cal. Lab. Code §§ 500, 510; IWC Wage Orders' },
        days: [
          { date: '2026-11-16', regularMinutes: 480, overtimeMinutes: 240, doubleTimeMinutes: 0 },
          { date: '2026-11-17', regularMinutes: 480, overtimeMinutes: 240, doubleTimeMinutes: 120 },
        ],
        regularMinutes: 960,
        overtimeMinutes: 480,
        doubleTimeMinutes: 120,
      }),
    });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    expect(await screen.findByTestId('pay-hours')).toHaveTextContent('Regular 16h 00m · Overtime 8h 00m · Double time 2h 00m');
    expect(screen.getByTestId('pay-regular')).toHaveTextContent('16h 00m');
    expect(screen.getByTestId('pay-overtime')).toHaveTextContent('8h 00m');
    expect(screen.getByTestId('pay-double')).toHaveTextContent('2h 00m');
    expect(screen.getByTestId('pay-rules')).toHaveTextContent('California rules');
    expect(screen.getByTestId('week-total')).toHaveTextContent('Total: 26h 00m');
    expect(calls(fetch, '/timesheet/pay-hours')[0]!.url).toBe('/server/v1/timesheet/pay-hours?start=2026-11-15&end=2026-11-21');

    // A day's overtime and double time show once, on its first shift.
    const rows = screen.getAllByTestId('timesheet-row');
    expect(within(rows[0]!).getByTestId('pay-day-overtime')).toHaveTextContent('OT 4h 00m');
    expect(within(rows[0]!).queryByTestId('pay-day-double')).toBeNull();
    expect(within(rows[1]!).queryByTestId('pay-day-overtime')).toBeNull();
    expect(within(rows[2]!).getByTestId('pay-day-overtime')).toHaveTextContent('OT 4h 00m');
    expect(within(rows[2]!).getByTestId('pay-day-double')).toHaveTextContent('DT 2h 00m');
  });

  it("offers an employee Details, Comments, Change History and 'Request Edit'", async () => {
    mockFetch({ ...loginData, 'GET /timesheet/list': list([entry()]) });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Actions for Monday 11/16/2026' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Details', 'Comments', 'Change History', 'Request Edit']);
  });

  it('steps 7 days back and forth with the arrows, keeping the week in the address', async () => {
    const fetch = mockFetch({ ...loginData, 'GET /timesheet/list': list([]) });
    asEmma();
    const { router } = renderRoutes(routes, `/timesheet${WEEK}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?start=2026-11-08&end=2026-11-14'));
    await waitFor(() => expect(screen.getByTestId('week-range')).toHaveTextContent('11/08/2026 – 11/14/2026'));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?start=2026-11-22&end=2026-11-28'));
    await waitFor(() =>
      expect(calls(fetch, '/timesheet/list').map((c) => new URL(c.url, 'http://x').searchParams.get('start'))).toEqual([
        '2026-11-15',
        '2026-11-08',
        '2026-11-22',
      ]),
    );
  });

  it("opens on this week (Sunday to Saturday in the company zone), and shows 'No clock data for {employee} !'", async () => {
    const fetch = mockFetch({ ...loginData, 'GET /timesheet/list': list([]) });
    asEmma();
    renderRoutes(routes, '/timesheet');
    expect(await screen.findByTestId('timesheet-empty')).toHaveTextContent('No clock data for Emma Brooks !');
    const week = weekOf(isoDateIn(new Date(), NY));
    expect(calls(fetch, '/timesheet/list')[0]!.url).toBe(`/server/v1/timesheet/list?start=${week.start}&end=${week.end}`);
  });

  it('shows the panels with their empty states and widths', async () => {
    mockFetch({
      ...loginData,
      'GET /timesheet/list': list([entry({ breaks: [] })]),
      'GET /timesheet/details': json(entry({ breaks: [] })),
      'GET /timesheet/changes': json({ changes: [] }),
      'GET /timesheet/paycycle-clocked-hours': json({ payCycleStart: '2026-11-15', payCycleEnd: '2026-11-28', totalMinutes: 0, days: [] }),
      'GET /timesheet/paycycle-overtime-hours': json({
        payCycleStart: '2026-11-15',
        payCycleEnd: '2026-11-28',
        thresholdMinutes: 2400,
        totalOvertimeMinutes: 0,
        weeks: [{ weekStart: '2026-11-15', weekEnd: '2026-11-21', minutes: 480, overtimeMinutes: 0 }],
      }),
    });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    const user = await openRowAction('Details');
    let side = await panel();
    expect(side).toHaveAttribute('data-width', '580');
    expect(await within(side).findByText('No breaks logged during this shift.')).toBeInTheDocument();
    expect(within(side).getByText('Clock In: 11/16/2026 09:03 AM')).toBeInTheDocument();
    await user.click(within(side).getByRole('button', { name: 'Close' }));

    await openRowAction('Change History');
    side = await panel();
    expect(side).toHaveAttribute('data-width', '350');
    expect(await within(side).findByText('No change was made')).toBeInTheDocument();
    await user.click(within(side).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Clocked Hours' }));
    side = await panel();
    expect(side).toHaveAttribute('data-width', '450');
    expect(await within(side).findByText('There is no data for this pay cycle')).toBeInTheDocument();
    await user.click(within(side).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Overtime' }));
    side = await panel();
    expect(side).toHaveAttribute('data-width', '350');
    expect(await within(side).findByText('There is no overtime data')).toBeInTheDocument();
  });

  it('lists the change history with who changed what', async () => {
    mockFetch({
      ...loginData,
      'GET /timesheet/list': list([entry()]),
      'GET /timesheet/changes': json({
        changes: [
          {
            changeDate: '2026-11-18T16:00:00Z',
            changeField: 'end',
            originalValue: '2026-11-16T22:33:00Z',
            changeValue: '2026-11-16T23:30:00Z',
            firstname: 'Max',
            lastname: 'Manager',
          },
        ],
      }),
    });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    await openRowAction('Change History');
    const change = await within(await panel()).findByTestId('change');
    expect(change).toHaveTextContent('Clock Out');
    expect(change).toHaveTextContent('11/16/2026 05:33 PM → 11/16/2026 06:30 PM');
    expect(change).toHaveTextContent('Max Manager · 11/18/2026 11:00 AM');
  });

  it('adds a comment, refusing an empty one', async () => {
    let comments: unknown[] = [];
    const fetch = mockFetch({
      ...loginData,
      'GET /timesheet/list': list([entry()]),
      'GET /timesheet/comments': () => response({ json: { comments } }),
      'POST /timesheet/add-comment': ({ body }) => {
        const { entryId, comment } = JSON.parse(String(body)) as { entryId: number; comment: string };
        comments = [{ id: 1, entryId, comment, commentDate: '2026-11-18T16:00:00Z', firstname: 'Emma', lastname: 'Brooks', employeeId: 9 }];
        return response({ status: 201, json: comments[0] });
      },
    });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    const user = await openRowAction('Comments');
    const side = await panel();
    await user.click(within(side).getByRole('button', { name: 'Add Comment' }));
    expect(await within(side).findByText('Please input the Comment content')).toBeInTheDocument();
    await user.type(within(side).getByLabelText('Comment'), '  Left early for the dentist ');
    await user.click(within(side).getByRole('button', { name: 'Add Comment' }));
    expect(await within(side).findByTestId('comment')).toHaveTextContent('Left early for the dentist');
    expect(bodyOf(calls(fetch, '/timesheet/add-comment')[0]!.init)).toEqual({ entryId: 41, comment: 'Left early for the dentist' });
  });
});

describe('Request Timesheet Edit', () => {
  afterEach(() => sessionStore.clear());

  it('validates, submits the changed clock out on the shift date, then shows the raised request with cancel', async () => {
    let requests: unknown[] = [raisedRequest({ id: 3, status: 2, actDate: '2026-11-17T12:00:00Z', actComments: 'Not so', actorFirstname: 'Max', actorLastname: 'Manager' })];
    const fetch = mockFetch({
      ...loginData,
      'GET /timesheet/list': list([entry()]),
      'GET /timesheet/requests': () => response({ json: { requests } }),
      'POST /timesheet/edit-request': () => {
        requests = [raisedRequest(), ...requests];
        return response({ status: 201, json: raisedRequest() });
      },
      'POST /timesheet/edit-request-cancel': () => {
        requests = [raisedRequest({ status: 3 }), ...requests.slice(1)];
        return response({ json: raisedRequest({ status: 3 }) });
      },
    });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    const user = await openRowAction('Request Edit');
    const side = await panel();
    expect(side).toHaveAttribute('data-width', '350');
    expect(within(side).getByText('Request Timesheet Edit')).toBeInTheDocument();
    // The trace lists past requests (status above 0).
    expect(await within(side).findByTestId('request-trace')).toHaveTextContent('Rejected');

    const submit = within(side).getByRole('button', { name: 'Submit Request' });
    expect(submit).toBeDisabled();
    await user.click(within(side).getByRole('radio', { name: 'Clock Out' }));
    expect(submit).toBeEnabled();
    const clockOut = within(side).getByLabelText(/^Clock Out/, { selector: 'input[type="time"]' });
    expect(clockOut).toHaveValue('17:33');
    fireEvent.change(clockOut, { target: { value: '' } });
    await user.click(submit);
    expect(await within(side).findByText('Please input the Clock out')).toBeInTheDocument();
    expect(within(side).getByText('Please input the Reason')).toBeInTheDocument();
    expect(within(side).queryByText('Please input the Clock in')).toBeNull();
    expect(calls(fetch, '/timesheet/edit-request')).toHaveLength(0);

    fireEvent.change(clockOut, { target: { value: '18:30' } });
    await user.type(within(side).getByLabelText(/^Reason/), 'Forgot to clock out');
    await user.click(submit);
    expect(await within(side).findByText('Woohoo! Your request has been submitted.')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, '/timesheet/edit-request')[0]!.init)).toEqual({
      trackingNumber: 41,
      comment: 'Forgot to clock out',
      changeType: 'out',
      end: '2026-11-16 18:30:00',
      boptype: 'NOCHANGE',
      breaks: [],
    });

    // Raised: its details and a cancel, no form.
    const raised = await within(side).findByTestId('raised-request');
    expect(raised).toHaveTextContent('Clock Out: 11/16/2026 06:30 PM');
    expect(within(side).queryByRole('button', { name: 'Submit Request' })).toBeNull();
    expect(within(raised).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(raised).getByRole('button', { name: 'Cancel Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Request' });
    expect(dialog).toHaveTextContent("Are you sure you want cancel this request? This action can't be undone.");
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls(fetch, '/timesheet/edit-request-cancel')[0]?.url).toBe('/server/v1/timesheet/edit-request-cancel?reqId=5'));
    expect(await within(side).findByRole('button', { name: 'Submit Request' })).toBeInTheDocument();
    expect(within(side).getByTestId('request-trace')).toHaveTextContent('Canceled');
  });

  it("puts the server's field errors on the fields and other refusals in a warning box", async () => {
    let answer: Handler = apiError(400, 'validation', 'Validation failed', { end: ['The clock out must be after the clock in'] });
    mockFetch({
      ...loginData,
      'GET /timesheet/list': list([entry()]),
      'GET /timesheet/requests': json({ requests: [] }),
      'POST /timesheet/edit-request': (init) => answer(init),
    });
    asEmma();
    renderRoutes(routes, `/timesheet${WEEK}`);
    const user = await openRowAction('Request Edit');
    const side = await panel();
    await user.click(await within(side).findByRole('radio', { name: 'Clock In and Clock Out' }));
    await user.type(within(side).getByLabelText(/^Reason/), 'Wrong times');
    await user.click(within(side).getByRole('button', { name: 'Submit Request' }));
    expect(await within(side).findByText('The clock out must be after the clock in')).toBeInTheDocument();

    // An error about a field the form does not show (the unchanged breaks) goes to the warning box.
    answer = apiError(400, 'validation', 'A break must end after it starts', { breaks: ['A break must end after it starts'] });
    await user.click(within(side).getByRole('button', { name: 'Submit Request' }));
    expect(await within(side).findByTestId('form-message')).toHaveTextContent('A break must end after it starts');

    answer = apiError(409, 'conflict', 'There is already a pending edit request for this shift.');
    await user.click(within(side).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(within(side).getByTestId('form-message')).toHaveTextContent('There is already a pending edit request for this shift.'));
  });

  it("lets a manager approve a report's raised request, showing the first message of a failure", async () => {
    let approve: Handler = apiError(409, 'conflict', 'This shift overlaps another shift');
    const fetch = mockFetch({
      ...loginData,
      'GET /manage/employees': json({ employees: [{ ...EMMA, email: 'employee1@demo.example.com', role: 'employee', permission: 'User', status: 1, jobroleId: 1, managerId: 2 }], totalCount: 1, page: 1 }),
      'GET /timesheet/list': list([entry({ entryStatus: 2 })]),
      'GET /timesheet/requests': json({ requests: [raisedRequest()] }),
      'POST /timesheet/edit-request-approve': (init) => approve(init),
    });
    asManager();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    const user = await openRowAction('Review Edit Request');
    const raised = await within(await panel()).findByTestId('raised-request');
    expect(within(raised).queryByRole('button', { name: 'Cancel Request' })).toBeNull();
    await user.click(within(raised).getByRole('button', { name: 'Approve' }));
    expect(await within(raised).findByRole('alert')).toHaveTextContent('This shift overlaps another shift');

    approve = json(entry({ end: '2026-11-16T23:30:00Z' }));
    await user.click(within(raised).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls(fetch, '/timesheet/edit-request-approve')).toHaveLength(2));
    expect(bodyOf(calls(fetch, '/timesheet/edit-request-approve')[1]!.init)).toEqual({ reqId: 5 });
  });

  it('needs a reason to reject', async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /manage/employees': json({ employees: [], totalCount: 0, page: 1 }),
      'GET /timesheet/list': list([entry({ entryStatus: 2 })]),
      'GET /timesheet/requests': json({ requests: [raisedRequest()] }),
      'POST /timesheet/edit-request-reject': json(raisedRequest({ status: 2 })),
    });
    asAdmin();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    const user = await openRowAction('Review Edit Request');
    const raised = await within(await panel()).findByTestId('raised-request');
    await user.click(within(raised).getByRole('button', { name: 'Reject' }));
    await user.click(within(raised).getByRole('button', { name: 'Reject' }));
    expect(await within(raised).findByText('Please input the reason of the rejection')).toBeInTheDocument();
    expect(calls(fetch, '/timesheet/edit-request-reject')).toHaveLength(0);
    await user.type(within(raised).getByLabelText('Reason of the rejection'), 'The shift ended on time');
    await user.click(within(raised).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(bodyOf(calls(fetch, '/timesheet/edit-request-reject')[0]!.init)).toEqual({ reqId: 5, comment: 'The shift ended on time' }),
    );
  });
});

describe('admins and managers', () => {
  afterEach(() => sessionStore.clear());

  const employees = json({
    employees: [
      { ...EMMA, email: 'employee1@demo.example.com', role: 'employee', permission: 'User', status: 1, jobRoleId: 1, managerId: 2 },
      { id: 10, firstname: 'Liam', lastname: 'Carter', email: 'employee2@demo.example.com', avatar: null, role: 'employee', permission: 'User', status: 1, jobRoleId: 1, managerId: 2 },
    ],
    totalCount: 2,
    page: 1,
  });

  it("gives a manager the picker, 'Add Shift' and the edit-request options, not 'Edit Now' or 'Delete'", async () => {
    const fetch = mockFetch({ ...loginData, 'GET /manage/employees': employees, 'GET /timesheet/list': list([entry()]) });
    asManager();
    const { router } = renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Timesheets' })).toBeInTheDocument();
    expect(await screen.findByTestId('timesheet-employee')).toHaveTextContent('Emma Brooks');
    expect(calls(fetch, '/timesheet/list')[0]!.url).toBe('/server/v1/timesheet/list?start=2026-11-15&end=2026-11-21&employeeId=9');
    expect(screen.getByRole('button', { name: 'Add Shift' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Timesheets' })).toHaveAttribute('href', '/timesheet');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Monday 11/16/2026' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Details', 'Comments', 'Change History', 'Request Edit']);
    await user.keyboard('{Escape}');

    // The picker: active people A-Z by last name, in the manager's reach.
    await user.click(screen.getByLabelText('Employee', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Liam Carter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/timesheet/employee/10'));
    expect(router.state.location.search).toBe(WEEK);
    const employeesCall = calls(fetch, '/manage/employees')[0]!.url;
    expect(new URL(employeesCall, 'http://x').searchParams.toString()).toBe('page=1&status=1&order=4&q=');
  });

  it("gives an admin 'Edit Now' and 'Delete', with the delete confirmation", async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /manage/employees': employees,
      'GET /timesheet/list': list([entry()]),
      'POST /timesheet/remove': () => response({ status: 204 }),
    });
    asAdmin();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Monday 11/16/2026' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Details', 'Comments', 'Change History', 'Request Edit', 'Edit Now', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Are you sure to delete the timesheet? Once it is deleted, it can NOT be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(fetch, '/timesheet/remove')[0]?.url).toBe('/server/v1/timesheet/remove?ts=41'));
    await waitFor(() => expect(calls(fetch, '/timesheet/list')).toHaveLength(2));
  });

  it("edits a shift now, sending every time on the clock in's day", async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /manage/employees': employees,
      'GET /timesheet/list': list([entry()]),
      'POST /timesheet/edit': json(entry()),
    });
    asAdmin();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    const user = await openRowAction('Edit Now');
    const side = await panel();
    expect(within(side).getByText('Edit Timesheet')).toBeInTheDocument();
    expect(within(side).getByLabelText(/^Clock In/, { selector: 'input[type="time"]' })).toHaveValue('09:03');
    fireEvent.change(within(side).getByLabelText(/^Clock Out/, { selector: 'input[type="time"]' }), { target: { value: '18:00' } });
    await user.click(within(side).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, '/timesheet/edit')).toHaveLength(1));
    expect(bodyOf(calls(fetch, '/timesheet/edit')[0]!.init)).toEqual({
      employeeId: 9,
      trackingNumber: 41,
      start: '2026-11-16 09:03:00',
      end: '2026-11-16 18:00:00',
      breaks: [['2026-11-16 12:00:00', '2026-11-16 12:30:00']],
    });
    await waitFor(() => expect(screen.queryByTestId('shift-form')).toBeNull());
  });

  it("adds a shift: the clock in is required, the server's field errors land on the fields", async () => {
    let answer: Handler = apiError(400, 'validation', 'Validation failed', { start: ['This shift overlaps another shift'] });
    const fetch = mockFetch({
      ...loginData,
      'GET /manage/employees': employees,
      'GET /timesheet/list': list([]),
      'POST /timesheet/edit': (init) => answer(init),
    });
    asManager();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Shift' }));
    const side = await panel();
    expect(within(side).getByLabelText(/^Date/)).toHaveValue('2026-11-15');
    await user.click(within(side).getByRole('button', { name: 'Add Shift' }));
    expect(await within(side).findByText('Please input the Clock in')).toBeInTheDocument();
    expect(calls(fetch, '/timesheet/edit')).toHaveLength(0);

    fireEvent.change(within(side).getByLabelText(/^Date/), { target: { value: '2026-11-17' } });
    fireEvent.change(within(side).getByLabelText(/^Clock In/, { selector: 'input[type="time"]' }), { target: { value: '08:00' } });
    fireEvent.change(within(side).getByLabelText(/^Clock Out/, { selector: 'input[type="time"]' }), { target: { value: '16:30' } });
    await user.click(within(side).getByRole('button', { name: 'Add Break' }));
    fireEvent.change(within(side).getByLabelText('Break 1 start'), { target: { value: '12:00' } });
    fireEvent.change(within(side).getByLabelText('Break 1 end'), { target: { value: '12:45' } });
    await user.click(within(side).getByRole('button', { name: 'Add Shift' }));
    expect(await within(side).findByText('This shift overlaps another shift')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, '/timesheet/edit')[0]!.init)).toEqual({
      employeeId: 9,
      start: '2026-11-17 08:00:00',
      end: '2026-11-17 16:30:00',
      breaks: [['2026-11-17 12:00:00', '2026-11-17 12:45:00']],
    });

    answer = () => response({ status: 500, statusText: 'Internal Server Error', json: { code: 'internal', message: 'boom', errors: {} } });
    await user.click(within(side).getByRole('button', { name: 'Add Shift' }));
    expect(await within(side).findByTestId('form-message')).toHaveTextContent('Something went horribly wrong!');
  });

  it("asks for the pay hours of the person a manager looks at, and leaves the line out when they cannot be had", async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /manage/employees': employees,
      'GET /timesheet/list': list([entry()]),
      'GET /timesheet/pay-hours': apiError(403, 'forbidden', 'Not allowed'),
    });
    asManager();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    expect(await screen.findByTestId('week-total')).toHaveTextContent('Total: 8h 00m');
    await waitFor(() => expect(calls(fetch, '/timesheet/pay-hours').length).toBeGreaterThan(0));
    expect(calls(fetch, '/timesheet/pay-hours')[0]!.url).toBe('/server/v1/timesheet/pay-hours?start=2026-11-15&end=2026-11-21&employeeId=9');
    expect(screen.queryByTestId('pay-hours')).toBeNull();
  });

  it('shows the double time of each week of the pay cycle and the rules of the overtime panel', async () => {
    mockFetch({
      ...loginData,
      'GET /manage/employees': employees,
      'GET /timesheet/list': list([]),
      'GET /timesheet/paycycle-overtime-hours': json({
        payCycleStart: '2026-11-15',
        payCycleEnd: '2026-11-28',
        thresholdMinutes: 2400,
        totalOvertimeMinutes: 130,
        totalDoubleTimeMinutes: 60,
        weeks: [
          { weekStart: '2026-11-15', weekEnd: '2026-11-21', minutes: 2530, overtimeMinutes: 130, doubleTimeMinutes: 60 },
          { weekStart: '2026-11-22', weekEnd: '2026-11-28', minutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0 },
        ],
        ruleSet: { id: 'us-ca', name: 'California', citation: 'Cal. Lab. Code §§ 500, 510; IWC Wage Orders' },
      }),
    });
    asManager();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Overtime' }));
    const side = await panel();
    expect(await within(side).findByTestId('overtime-rule-set')).toHaveTextContent('California rules');
    expect(within(side).getAllByTestId('overtime-week-double').map((c) => c.textContent)).toEqual(['1h 00m']);
    expect(within(side).getByTestId('overtime-total-double')).toHaveTextContent('1h 00m');
    // Under a jurisdiction's rules the weekly threshold of the time settings is not shown.
    expect(within(side).queryByText(/a week$/)).toBeNull();
  });

  it("shows the clocked hours and the overtime of a report's pay cycle", async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /manage/employees': employees,
      'GET /timesheet/list': list([]),
      'GET /timesheet/paycycle-clocked-hours': json({
        payCycleStart: '2026-11-15',
        payCycleEnd: '2026-11-28',
        totalMinutes: 2530,
        days: [
          { date: '2026-11-16', minutes: 545 },
          { date: '2026-11-17', minutes: 1985 },
        ],
      }),
      'GET /timesheet/paycycle-overtime-hours': json({
        payCycleStart: '2026-11-15',
        payCycleEnd: '2026-11-28',
        thresholdMinutes: 2400,
        totalOvertimeMinutes: 130,
        weeks: [{ weekStart: '2026-11-15', weekEnd: '2026-11-21', minutes: 2530, overtimeMinutes: 130 }],
      }),
    });
    asManager();
    renderRoutes(routes, `/timesheet/employee/9${WEEK}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clocked Hours' }));
    let side = await panel();
    expect(await within(side).findByText('Monday 11/16/2026')).toBeInTheDocument();
    expect(within(side).getByText('9h 05m')).toBeInTheDocument();
    expect(within(side).getByText('42h 10m')).toBeInTheDocument();
    await user.click(within(side).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Overtime' }));
    side = await panel();
    expect(await within(side).findAllByText('2h 10m')).toHaveLength(2);
    expect(calls(fetch, '/timesheet/paycycle-clocked-hours')[0]!.url).toBe('/server/v1/timesheet/paycycle-clocked-hours?employeeId=9');
    expect(calls(fetch, '/timesheet/paycycle-overtime-hours')[0]!.url).toBe('/server/v1/timesheet/paycycle-overtime-hours?v=1&employeeId=9');
  });
});
