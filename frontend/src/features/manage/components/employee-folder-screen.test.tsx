import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { activity, ADMIN, apiError, callsTo, contact, employee, json, MANAGER } from '../testing/fixtures';
import { response } from '@/testing/http';
import { hrEvent, hrServer } from '@/features/hr/testing/hr-server';
import { EmployeeFolderScreen } from './employee-folder-screen';

const activities = (items: unknown[], totalCount = items.length, page = 1) => json({ activities: items, totalCount, page });

/** The folder's PTO card: PTO not set up; one paid holiday this year. */
const NO_PTO = {
  'GET /manage/employee-pto': json({ employeeId: 9, year: 2026, ptoPolicyId: null, ptoPlanName: null, available: -1000, types: [], history: [], ruleChanges: [] }),
  'GET /holiday/list-for-employee': json({ employeeId: 9, year: 2026, holidays: [{ holidayId: 1, name: 'Independence Day', holiday: '2026-07-03', hours: 8 }], totalHours: 8 }),
  // The overtime-rules card: the company's rules apply.
  'GET /settings/employee-overtime': json({ employeeId: 9, versions: [] }),
  'GET /settings/overtime': json({
    ruleSets: [{ id: 'us-ca', name: 'California' }],
    current: { effectiveFrom: null, jurisdiction: 'us-flsa', workweekFirstDay: 0, workdayStartHour: 0 },
    versions: [],
  }),
};

describe('the employee folder (/admin/manage/view-user/{id})', () => {
  it("shows the profile card, the PTO, profile and contact cards and the activity under 'All', and the six tabs", async () => {
    const fetch = mockFetch({
      ...NO_PTO,
      'GET /manage/user-full-data': json({ employee: employee(), contacts: [contact()] }),
      'GET /manage/user-activities': activities([activity()]),
    });
    renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9' });
    const card = await screen.findByTestId('profile-card');
    expect(within(card).getByRole('heading', { level: 1, name: 'Emma Brooks' })).toBeInTheDocument();
    expect(card).toHaveTextContent('User');
    expect(card).toHaveTextContent('Producer');
    expect(within(card).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute('href', 'tel:5551234567');
    expect(within(card).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/admin/manage/edit-user/9');
    expect(within(card).getByRole('button', { name: 'Terminate' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Upload Picture' })).toBeInTheDocument();

    const details = screen.getByTestId('profile-details');
    expect(details).toHaveTextContent('03/15');
    expect(details).toHaveTextContent('Feb 01, 2024');
    expect(details).toHaveTextContent('Ada Admin');
    expect(details).toHaveTextContent('1 Main St');
    expect(details).toHaveTextContent('Springfield, IL 62701');

    const contacts = screen.getByTestId('contacts-card');
    expect(within(contacts).getByRole('link', { name: 'Edit emergency contacts' })).toHaveAttribute('href', '/admin/manage/edit-user/9?tab=2');
    // The person's own overtime rules; an admin may change them.
    const overtime = screen.getByTestId('person-overtime');
    expect(await within(overtime).findByTestId('person-overtime-current')).toHaveTextContent('Company rules');
    expect(within(overtime).getByRole('button', { name: 'Save overtime rules' })).toBeInTheDocument();
    expect(contacts).toHaveTextContent('Tom Brooks');

    // 02:30 UTC on Feb 1 is Jan 31 in the company zone.
    expect(await screen.findByTestId('activity')).toHaveTextContent('Jan 31, 2024');
    expect(callsTo(fetch, 'GET', '/manage/user-full-data')[0]!.url.search).toBe('?id=9');
    // An admin viewing someone else may add PTO by hand; PTO is not set up yet.
    expect(await screen.findByRole('button', { name: 'Manually Add PTO' })).toBeInTheDocument();
    expect(screen.getByTestId('pto-card')).toHaveTextContent('PTO is not set up.');
    expect(await within(screen.getByTestId('pto-card')).findByRole('button', { name: 'Holidays 8 hrs' })).toBeInTheDocument();
    // 'All' (1) by default, the HR tabs (2-4), 'Time Off History' (5) and 'Licensing' (6, issue 42); the history loads only when asked for.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'HR Events', 'HR Documents', 'HR Doc Request', 'Time Off History', 'Licensing']);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(callsTo(fetch, 'GET', '/pto/history')).toHaveLength(0);
    expect(document.title).toBe('Emma Brooks | Timekeep');
  });

  it("hides Terminate and the contacts' Edit link from a manager, and Terminate from an admin viewing themselves", async () => {
    mockFetch({
      ...NO_PTO, 'GET /manage/user-full-data': json({ employee: employee(), contacts: [] }), 'GET /manage/user-activities': activities([]) });
    const first = renderWithApp(<EmployeeFolderScreen identity={MANAGER} employeeId={9} />, { path: '/admin/manage/view-user/9' });
    const card = await screen.findByTestId('profile-card');
    expect(within(card).getByRole('link', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Terminate' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit emergency contacts' })).toBeNull();
    expect(screen.getByTestId('contacts-card')).toHaveTextContent('There is no contact on file');
    // A manager reads the person's overtime rules only.
    expect(await within(screen.getByTestId('person-overtime')).findByTestId('person-overtime-current')).toHaveTextContent('Company rules');
    expect(screen.queryByRole('button', { name: 'Save overtime rules' })).toBeNull();
    first.unmount();

    mockFetch({
      ...NO_PTO, 'GET /manage/user-full-data': json({ employee: employee({ id: 1, firstname: 'Ada', lastname: 'Admin', role: 'admin' }), contacts: [] }), 'GET /manage/user-activities': activities([]) });
    renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={1} />, { path: '/admin/manage/view-user/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Terminate' })).toBeNull();
  });

  it('terminates after the confirmation and goes back to the list; a refusal shows Sorry and the reason', async () => {
    const replies = [apiError(400, 'validation', 'You cannot terminate yourself'), json(employee({ status: 0 }))];
    const fetch = mockFetch({
      ...NO_PTO,
      'GET /manage/user-full-data': json({ employee: employee(), contacts: [] }),
      'GET /manage/user-activities': activities([]),
      'POST /manage/terminate-employee': () => replies.shift()!(),
    });
    const { router } = renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Terminate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you do this there's no going back!");
    await user.click(within(dialog).getByRole('button', { name: 'Terminate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry You cannot terminate yourself');

    await user.click(screen.getByRole('button', { name: 'Terminate' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Terminate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage'));
    expect(callsTo(fetch, 'POST', '/manage/terminate-employee').map((c) => bodyOf(c.init))).toEqual([{ id: 9 }, { id: 9 }]);
  });

  it('welcomes a reactivated person back (reactivated=1), says a login e-mail went out (pto), then opens the PTO set-up', async () => {
    mockFetch({
      ...NO_PTO,
      'GET /manage/user-full-data': json({ employee: employee(), contacts: [] }),
      'GET /manage/user-activities': activities([]),
      'GET /pto-manage/data': json({ ptoPolicies: [{ id: 3, name: 'Standard', kind: 'Fixed', rules: [] }], ptoTypes: [], currentYear: 2026 }),
      'GET /manage/employees': json({ employees: [], totalCount: 0, page: 1 }),
    });
    const { router } = renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?reactivated=1&pto=setup' });
    expect(await screen.findByTestId('welcome-back')).toHaveTextContent('Welcome back, Emma Brooks!');
    const splash = await screen.findByRole('dialog', { name: "Mail's away" });
    expect(splash).toHaveTextContent('We sent Emma Brooks an e-mail with a link to create a password and log in.');
    await userEvent.setup().click(within(splash).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.search).toBe('?reactivated=1'));
    // 001 §2: after the splash, the PTO edit dock.
    expect(await screen.findByRole('dialog', { name: 'PTO' })).toBeInTheDocument();
    expect(await screen.findByLabelText('PTO Plan', { selector: 'input', exact: false })).toBeInTheDocument();
  });

  it('opens the detail of a start activity in the 550 dock and loads more with Show More', async () => {
    const fetch = mockFetch({
      ...NO_PTO,
      'GET /manage/user-full-data': json({ employee: employee(), contacts: [] }),
      'GET /manage/user-activities': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return page === 1
          ? activities([activity(), activity({ id: 71, activityType: 'MANUALLY_ADD_PTO', title: 'PTO added' })], 3, 1)()
          : activities([activity({ id: 72, activityType: 'EMPLOYEE_TERNIMATE', title: 'Emma Brooks left', activityDate: '2023-05-01T15:00:00Z' })], 3, 2)();
      },
      'GET /manage/activity-details': json(activity({ activityDesc: 'Welcome aboard' })),
    });
    renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9' });
    const user = userEvent.setup();
    // Only start, terminate and reactivate open a detail.
    expect(await screen.findByText('PTO added')).not.toHaveAttribute('aria-haspopup');
    await user.click(screen.getByRole('button', { name: 'Emma Brooks started' }));
    const dock = await screen.findByTestId('dock');
    expect(dock).toHaveAttribute('data-width', '550');
    expect(await within(dock).findByTestId('activity-detail')).toHaveTextContent('Welcome aboard');
    expect(within(dock).getByTestId('activity-detail')).toHaveTextContent('By: Ada Admin');
    expect(callsTo(fetch, 'GET', '/manage/activity-details')[0]!.url.search).toBe('?id=70');
    await user.click(within(dock).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(await screen.findByRole('button', { name: 'Emma Brooks left' })).toBeInTheDocument();
    expect(screen.getAllByTestId('activity')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
    expect(callsTo(fetch, 'GET', '/manage/user-activities').map((c) => c.url.search)).toEqual(['?id=9&page=1', '?id=9&page=2']);
  });

  it('uploads a picture for the person', async () => {
    const fetch = mockFetch({
      ...NO_PTO,
      'GET /manage/user-full-data': json({ employee: employee(), contacts: [] }),
      'GET /manage/user-activities': activities([]),
      'POST /manage/user-avatar': json({ avatar: '/server/v1/files/5' }),
    });
    const { container } = renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9' });
    await screen.findByTestId('profile-card');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await userEvent.setup().upload(container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement, file);
    await waitFor(() => expect(callsTo(fetch, 'POST', '/manage/user-avatar')).toHaveLength(1));
    const body = callsTo(fetch, 'POST', '/manage/user-avatar')[0]!.init.body as FormData;
    expect(body.get('employee')).toBe('9');
    expect((body.get('file') as File).name).toBe('me.png');
  });

  it('says so when the person is not in reach (404)', async () => {
    mockFetch({
      ...NO_PTO, 'GET /manage/user-full-data': apiError(404, 'not_found', 'Not found') });
    renderWithApp(<EmployeeFolderScreen identity={MANAGER} employeeId={99} />, { path: '/admin/manage/view-user/99' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we could not find this employee.');
    expect(screen.getByRole('link', { name: 'Back to HR Folders' })).toHaveAttribute('href', '/admin/manage');
  });

  describe("the 'Time Off History' tab (?tab=5)", () => {
    /** A time-off request as the history carries it (the contract's PtoRequestView). */
    const request = (overrides: Record<string, unknown> = {}) => ({
      id: 40, employeeId: 9, firstname: 'Emma', lastname: 'Brooks', ptoType: 5, typeName: 'Vacation', color: '#2f9e44', payable: 1,
      partialday: false, allday: 1, includeWeekend: false, start: '2026-12-01 00:00:00', end: '2026-12-03 23:59:59',
      startDate: '2026-12-01', endDate: '2026-12-03', starttime: null, endtime: null, soffset: -300, eoffset: -300, minutes: 1440,
      reason: 'Family trip', status: 0, statusLabel: 'Pending Approval', submitted: '2026-11-17T14:30:00Z',
      requestedBy: { id: 9, firstname: 'Emma', lastname: 'Brooks' }, actor: null, actDate: null, actComments: null, canEdit: false, canCancel: true,
      ...overrides,
    });
    const item = (overrides: Record<string, unknown> = {}) => ({
      key: 'r40', dataType: 'PTO_REQUEST', date: '2026-12-01', year: 2026, submitted: '2026-11-17T14:30:00Z', minutes: -1440, type: 'Vacation',
      ptoTypeId: 5, reason: 'Family trip', policyName: null, startingBalances: null, creatorFirstname: null, creatorLastname: null,
      sourceId: null, removable: false, request: request(), ...overrides,
    });
    const HISTORY = [
      item(),
      item({
        key: 'r41', date: '2026-06-10', minutes: -90, reason: null,
        request: request({ id: 41, typeName: 'Sick', color: '#e03131', partialday: true, allday: 0, start: '2026-06-10 09:00:00', end: '2026-06-10 10:30:00', minutes: 90, reason: null, status: 3, statusLabel: 'Approved', canCancel: true }),
        type: 'Sick',
      }),
      item({ key: 'e7', dataType: 'MANUALLY_ADDITION', date: '2026-03-02', minutes: 600, reason: 'Worked the holiday', request: null, sourceId: 7, removable: true, creatorFirstname: 'Ada', creatorLastname: 'Admin', submitted: null }),
      item({ key: 'a2026-01-01-5', dataType: 'ACCRUED', date: '2026-01-01', minutes: 4800, reason: null, request: null, submitted: null }),
      // An approved request cancelled later gives its hours back.
      item({
        key: 'c29', dataType: 'PTO_CANCELLED', date: '2026-01-01', minutes: 480, reason: null, type: 'Sick',
        request: request({ id: 29, typeName: 'Sick', start: '2026-01-01 00:00:00', end: '2026-01-01 23:59:59', minutes: 480, status: 5, statusLabel: 'Cancelled', canCancel: false }),
      }),
      item({
        key: 'r30', year: 2025, date: '2025-11-20', minutes: -480, reason: null,
        request: request({ id: 30, start: '2025-11-20 00:00:00', end: '2025-11-20 23:59:59', minutes: 480, reason: null, status: 4, statusLabel: 'Denied', canCancel: true }),
      }),
      item({
        key: 'p3', year: 2025, dataType: 'NEW_PTO_PLAN', date: '2025-01-01', minutes: 750, reason: null, request: null, policyName: 'Standard',
        startingBalances: [{ ptoTypeName: 'Vacation', value: 750 }], sourceId: 3, removable: true, submitted: null,
      }),
    ];
    const EMPLOYEE_PTO = { employeeId: 9, year: 2026, ptoPolicyId: 3, ptoPlanName: 'Standard', available: 4800, types: [], history: [], ruleChanges: [] };

    const folder = (history: () => unknown[], more: Parameters<typeof mockFetch>[0] = {}) =>
      mockFetch({
        ...NO_PTO,
        'GET /manage/user-full-data': json({ employee: employee(), contacts: [] }),
        'GET /manage/user-activities': activities([]),
        'GET /pto/history': () => response({ json: { items: history() } }),
        ...more,
      });

    it('lists the history by year, newest first, with the type, days, hours, status and reason', async () => {
      const fetch = folder(() => HISTORY);
      renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=5' });
      expect(screen.queryByTestId('activity-card')).toBeNull();
      const years = await screen.findAllByTestId('timeoff-history-year');
      expect(screen.getByRole('tab', { name: 'Time Off History' })).toHaveAttribute('aria-selected', 'true');
      expect(years.map((y) => within(y).getByRole('heading', { level: 3 }).textContent)).toEqual(['2026', '2025']);
      expect(callsTo(fetch, 'GET', '/pto/history')[0]!.url.search).toBe('?eid=9');

      const [vacation, sick, manual, accrued] = within(years[0]!).getAllByTestId('timeoff-history-item');
      expect(vacation).toHaveTextContent('Vacation');
      expect(vacation).toHaveTextContent('24 hrs');
      expect(vacation).toHaveTextContent('12/01/2026 – 12/03/2026');
      expect(vacation).toHaveTextContent('Reason: Family trip');
      expect(vacation).toHaveTextContent('Submitted 11/17/2026 09:30 AM');
      // A pending request links to the inbox.
      expect(within(vacation!).getByRole('link', { name: 'Pending Approval' })).toHaveAttribute('href', '/admin/inbox');

      expect(sick).toHaveTextContent('Sick');
      expect(sick).toHaveTextContent('1.5 hrs');
      expect(sick).toHaveTextContent('06/10/2026 09:00 AM – 10:30 AM');
      expect(within(sick!).getByTestId('timeoff-status')).toHaveTextContent('Approved');
      expect(within(sick!).queryByRole('link')).toBeNull();
      expect(within(sick!).getByRole('button', { name: 'Cancel Sick 06/10/2026 09:00 AM – 10:30 AM' })).toBeInTheDocument();

      expect(manual).toHaveTextContent('+10 hrs');
      expect(manual).toHaveTextContent('03/02/2026');
      expect(within(manual!).getByTestId('timeoff-status')).toHaveTextContent('Manually Added');
      expect(manual).toHaveTextContent('Reason: Worked the holiday');
      expect(manual).toHaveTextContent('By: Ada Admin');
      expect(within(manual!).getByRole('button', { name: 'Remove +10 hrs Vacation' })).toBeInTheDocument();

      // Accruals can be neither cancelled nor removed.
      expect(within(accrued!).getByTestId('timeoff-status')).toHaveTextContent('Accrued');
      expect(accrued).toHaveTextContent('+80 hrs');
      expect(within(accrued!).queryAllByRole('button')).toHaveLength(0);
      const returned = within(years[0]!).getAllByTestId('timeoff-history-item')[4]!;
      expect(within(returned).getByTestId('timeoff-status')).toHaveTextContent('Cancelled: hours returned');
      expect(returned).toHaveTextContent('+8 hrs');
      expect(returned).toHaveTextContent('01/01/2026');
      expect(within(returned).queryAllByRole('button')).toHaveLength(0);

      const [denied, plan] = within(years[1]!).getAllByTestId('timeoff-history-item');
      expect(within(denied!).getByTestId('timeoff-status')).toHaveTextContent('Denied');
      expect(denied).toHaveTextContent('11/20/2025');
      expect(within(plan!).getByTestId('timeoff-status')).toHaveTextContent('New PTO Plan');
      expect(plan).toHaveTextContent('PTO Plan: Standard');
      expect(plan).toHaveTextContent('Starting balances: Vacation 12.5 hrs');
    });

    it('cancels a request after the confirmation, then reloads the history', async () => {
      let items = HISTORY.slice(0, 1);
      const fetch = folder(() => items, {
        'POST /pto/cancel-request': () => {
          items = [item({ request: request({ status: 5, statusLabel: 'Cancelled', canCancel: false }) })];
          return response({ json: { request: request({ status: 5 }), changed: true, message: 'The request has been cancelled.' } });
        },
      });
      renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=5' });
      const user = userEvent.setup();
      const entry = await screen.findByTestId('timeoff-history-item');
      await user.click(within(entry).getByRole('button', { name: 'Cancel Vacation 12/01/2026 – 12/03/2026' }));
      let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
      expect(dialog).toHaveTextContent("Once you hit cancel there's no going back!");
      await user.click(within(dialog).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
      expect(callsTo(fetch, 'POST', '/pto/cancel-request')).toHaveLength(0);

      await user.click(within(entry).getByRole('button', { name: /^Cancel Vacation/ }));
      dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(callsTo(fetch, 'POST', '/pto/cancel-request')).toHaveLength(1));
      expect(callsTo(fetch, 'POST', '/pto/cancel-request')[0]!.url.search).toBe('?id=40');
      await waitFor(() => expect(within(screen.getByTestId('timeoff-history-item')).getByTestId('timeoff-status')).toHaveTextContent('Cancelled'));
      expect(within(screen.getByTestId('timeoff-history-item')).queryByRole('button', { name: /^Cancel/ })).toBeNull();
      expect(callsTo(fetch, 'GET', '/pto/history').length).toBeGreaterThanOrEqual(2);
    });

    it('removes a manual addition and undoes a plan switch by their source ids, after the confirmation', async () => {
      let items = [HISTORY[2]!, HISTORY[6]!];
      const fetch = folder(() => items, {
        'POST /manage/remove-manual-pto-addition': () => {
          items = items.filter((i) => i.key !== 'e7');
          return response({ json: EMPLOYEE_PTO });
        },
        'POST /manage/delete-pto-plan-switch-history': () => {
          items = items.filter((i) => i.key !== 'p3');
          return response({ json: EMPLOYEE_PTO });
        },
      });
      renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=5' });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Remove +10 hrs Vacation' }));
      let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
      expect(dialog).toHaveTextContent("Once you hit remove there's no going back!");
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.getAllByTestId('timeoff-history-item')).toHaveLength(1));
      expect(callsTo(fetch, 'POST', '/manage/remove-manual-pto-addition').map((c) => bodyOf(c.init))).toEqual([{ id: 7 }]);

      await user.click(screen.getByRole('button', { name: 'Remove +12.5 hrs Vacation' }));
      dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByTestId('timeoff-history-empty')).toHaveTextContent('There is no time off request');
      expect(callsTo(fetch, 'POST', '/manage/delete-pto-plan-switch-history').map((c) => bodyOf(c.init))).toEqual([{ id: 3 }]);
    });

    it("says 'Sorry' and why when a removal is refused", async () => {
      folder(() => [HISTORY[2]!], { 'POST /manage/remove-manual-pto-addition': apiError(404, 'not_found', 'This entry no longer exists.') });
      renderWithApp(<EmployeeFolderScreen identity={MANAGER} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=5' });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Remove +10 hrs Vacation' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Remove' }));
      expect(await within(screen.getByTestId('timeoff-history')).findByRole('alert')).toHaveTextContent('Sorry This entry no longer exists.');
    });

    it("offers neither Cancel nor Remove where the server says no, and shows the empty text; the tab is chosen from 'All'", async () => {
      const fetch = folder(() => [item({ request: request({ canCancel: false }) }), { ...HISTORY[2]!, removable: false }]);
      const first = renderWithApp(<EmployeeFolderScreen identity={MANAGER} employeeId={9} />, { path: '/admin/manage/view-user/9' });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('tab', { name: 'Time Off History' }));
      await waitFor(() => expect(first.router.state.location.search).toBe('?tab=5'));
      expect(await screen.findAllByTestId('timeoff-history-item')).toHaveLength(2);
      expect(within(screen.getByTestId('timeoff-history')).queryAllByRole('button')).toHaveLength(0);
      expect(callsTo(fetch, 'GET', '/pto/history')).toHaveLength(1);
      first.unmount();

      folder(() => []);
      renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=5' });
      expect(await screen.findByTestId('timeoff-history-empty')).toHaveTextContent('There is no time off request');
    });
  });
});

describe("the folder's HR records", () => {
  /** The folder's own calls, beside the HR fake server's. */
  const folderRoutes = (overrides: Record<string, unknown> = {}, items: unknown[] = []) => ({
    ...NO_PTO,
    'GET /manage/user-full-data': json({ employee: employee(overrides), contacts: [] }),
    'GET /manage/user-activities': activities(items),
  });

  it("adds an event from the quick add and shows it on 'HR Events'", async () => {
    const { fetch } = hrServer({ routes: folderRoutes() });
    const { router } = renderWithApp(<EmployeeFolderScreen identity={MANAGER} employeeId={9} />, { path: '/admin/manage/view-user/9' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add HR Event' }));
    const dock = await screen.findByRole('dialog', { name: 'Add HR Event' });
    await user.type(await within(dock).findByRole('textbox', { name: 'Title' }), 'Kudos');
    await user.click(within(dock).getByLabelText(/^Type of event/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Review' }));
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(await screen.findByRole('tab', { name: 'HR Events', selected: true })).toBeInTheDocument();
    expect(await screen.findByTestId('hr-event')).toHaveTextContent('Kudos');
    expect((callsTo(fetch, 'POST', '/manage/add-event')[0]!.init.body as FormData).get('employeeId')).toBe('9');
  });

  it('opens the add dock ?autoStart= names, and drops the flag when it closes', async () => {
    hrServer({ routes: folderRoutes() });
    const { router } = renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=3&autoStart=doc' });
    const dock = await screen.findByRole('dialog', { name: 'Add HR Document' });
    expect(screen.getByRole('tab', { name: 'HR Documents', selected: true })).toBeInTheDocument();
    await userEvent.setup().click(within(dock).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=3'));
  });

  it('saving what ?autoStart= opened shows its tab, drops the flag and does not open the dock again', async () => {
    hrServer({ routes: folderRoutes() });
    const { router } = renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=2&autoStart=event' });
    const dock = await screen.findByRole('dialog', { name: 'Add HR Event' });
    const user = userEvent.setup();
    await user.type(await within(dock).findByRole('textbox', { name: 'Title' }), 'Kudos');
    await user.click(within(dock).getByLabelText(/^Type of event/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Review' }));
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(await screen.findByTestId('hr-event')).toHaveTextContent('Kudos');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add HR Event' })).toBeNull());
  });

  it('offers no quick add for a terminated employee, and ignores ?autoStart=', async () => {
    hrServer({ routes: folderRoutes({ status: 0, lastTerminationDate: '2026-01-31' }) });
    renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9?tab=4&autoStart=request' });
    expect(await screen.findByText('There is no document request yet')).toBeInTheDocument();
    expect(screen.queryByTestId('hr-quick-add')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("filters 'All' to the acknowledgements (type=ACK); an HR activity opens its record, a request's shows its tab", async () => {
    const affirmed = activity({ id: 80, activityType: 'EVENT_AFFIRMATION', title: 'Emma Brooks acknowledged an event', recordId: 41 });
    const asked = activity({ id: 81, activityType: 'HR_DOC_REQ', title: 'A document was requested', recordId: 61 });
    const { fetch } = hrServer({
      events: [hrEvent({ ackneeded: 1, ackedon: '2026-03-03T14:05:00Z' })],
      routes: {
        ...folderRoutes(),
        'GET /manage/user-activities': ({ url }: { url: string }) =>
          new URL(url, 'http://x').searchParams.get('type') === 'ACK' ? activities([affirmed])() : activities([affirmed, asked, activity()])(),
      },
    });
    const { router } = renderWithApp(<EmployeeFolderScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/view-user/9' });
    await waitFor(() => expect(screen.getAllByTestId('activity')).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Show', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Acknowledgement' }));
    await waitFor(() => expect(screen.getAllByTestId('activity')).toHaveLength(1));
    expect(callsTo(fetch, 'GET', '/manage/user-activities').at(-1)!.url.search).toBe('?id=9&page=1&type=ACK');

    await user.click(screen.getByRole('button', { name: 'Emma Brooks acknowledged an event' }));
    const dock = await screen.findByRole('dialog', { name: 'HR Event' });
    expect(await within(dock).findByTestId('event-details')).toHaveTextContent('Acknowledged 03/03/2026 09:05 AM');
    expect(callsTo(fetch, 'GET', '/manage/event')[0]!.url.search).toBe('?id=41');
    await user.click(within(dock).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByLabelText('Show', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await user.click(await screen.findByRole('button', { name: 'A document was requested' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=4'));
  });
});
