import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockFetch } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { activity, ADMIN, apiError, callsTo, contact, employee, json, MANAGER } from '../testing/fixtures';
import { EmployeeFolderScreen } from './employee-folder-screen';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const activities = (items: unknown[], totalCount = items.length, page = 1) => json({ activities: items, totalCount, page });

/** The folder's PTO card: PTO not set up; one paid holiday this year. */
const NO_PTO = {
  'GET /manage/employee-pto': json({ employeeId: 9, year: 2026, ptoPolicyId: null, ptoPlanName: null, available: -1000, types: [], history: [], ruleChanges: [] }),
  'GET /holiday/list-for-employee': json({ employeeId: 9, year: 2026, holidays: [{ holidayId: 1, name: 'Independence Day', holiday: '2026-07-03', hours: 8 }], totalHours: 8 }),
};

describe('the employee folder (/admin/manage/view-user/{id})', () => {
  it('shows the profile card, the PTO, profile and contact cards and the activity, and none of the later tabs', async () => {
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
    expect(contacts).toHaveTextContent('Tom Brooks');

    // 02:30 UTC on Feb 1 is Jan 31 in the company zone.
    expect(await screen.findByTestId('activity')).toHaveTextContent('Jan 31, 2024');
    expect(callsTo(fetch, 'GET', '/manage/user-full-data')[0]!.url.search).toBe('?id=9');
    // An admin viewing someone else may add PTO by hand; PTO is not set up yet.
    expect(await screen.findByRole('button', { name: 'Manually Add PTO' })).toBeInTheDocument();
    expect(screen.getByTestId('pto-card')).toHaveTextContent('PTO is not set up.');
    expect(await within(screen.getByTestId('pto-card')).findByRole('button', { name: 'Holidays 8 hrs' })).toBeInTheDocument();
    for (const later of ['HR Events', 'HR Documents', 'HR Doc Request', 'Time Off History']) {
      expect(screen.queryByText(later)).toBeNull();
    }
    expect(screen.queryByRole('tab')).toBeNull();
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
});
