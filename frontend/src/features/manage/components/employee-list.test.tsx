import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { apiError, callsTo, employee, json, manageData } from '../testing/fixtures';
import { EmployeeListScreen } from './employee-list';

const list = (employees: unknown[], totalCount = employees.length, page = 1) => json({ employees, totalCount, page });

describe('HR Folders (/admin/manage)', () => {
  it('is titled with the company name and lists people with links and their PTO; a manager has no Allocate PTO', async () => {
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/employees': list([
        employee({ ptoPolicyId: 3, ptoPlanName: 'Standard', ptoAvailable: 4950 }),
        employee({ id: 10, firstname: 'Liam', lastname: 'Carter', role: 'manager', permission: 'Admin Control - Limited', phone: null, jobroleName: null, ptoAvailable: -1000 }),
      ]),
    });
    renderWithApp(<EmployeeListScreen />, { path: '/admin/manage' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Insurance' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('employee-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Emma Brooks' })).toHaveAttribute('href', '/admin/manage/view-user/9');
    expect(rows[0]).toHaveTextContent('User');
    expect(rows[0]).toHaveTextContent('Producer');
    expect(within(rows[0]!).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute('href', 'tel:5551234567');
    expect(within(rows[0]!).getByRole('link', { name: 'emma@acme.example' })).toHaveAttribute('href', 'mailto:emma@acme.example');
    expect(rows[1]).toHaveTextContent('Admin Control - Limited');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/admin/manage/add-user');
    expect(screen.getByRole('link', { name: 'Add Multiple' })).toHaveAttribute('href', '/admin/manage/add-batch');
    // Allocate PTO is for admins (the route says who is one).
    expect(screen.queryByText(/Allocate PTO/)).toBeNull();
    // The PTO column: the balance in hours with two decimals, or Setup.
    expect(rows[0]).toHaveTextContent('82.50 hrs');
    expect(within(rows[1]!).getByRole('link', { name: 'Setup PTO for Liam Carter' })).toHaveTextContent('Setup');
    expect(screen.queryByRole('button', { name: /Reactivate/ })).toBeNull();
    expect(callsTo(fetch, 'GET', '/manage/employees')[0]!.url.search).toBe('?page=1&status=1&order=4&q=');
    expect(document.title).toBe('Acme Insurance | Timekeep');
  });

  it('offers an admin Allocate PTO (to /admin/manage/batch-pto)', async () => {
    mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/employees': list([employee()]) });
    renderWithApp(<EmployeeListScreen canAllocatePto />, { path: '/admin/manage' });
    const toolbox = await screen.findByTestId('toolbox');
    expect(await within(toolbox).findByRole('link', { name: 'Allocate PTO' })).toHaveAttribute('href', '/admin/manage/batch-pto');
    expect(within(toolbox).getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/admin/manage/add-user');
  });

  it("defaults the title to 'My Company' and hides Add Multiple for a partner-integrated account", async () => {
    mockFetch({ 'GET /manage/data': json(manageData({ companyName: null, integratedWithAz: true })), 'GET /manage/employees': list([employee()]) });
    renderWithApp(<EmployeeListScreen />, { path: '/admin/manage' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Company' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Multiple' })).toBeNull();
  });

  it('filters by status, job role and order, with the empty texts', async () => {
    const fetch = mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/employees': list([]) });
    const { router } = renderWithApp(<EmployeeListScreen />, { path: '/admin/manage' });
    expect(await screen.findByTestId('employee-list-empty')).toHaveTextContent('No Employees... You must be swamped!');
    const user = userEvent.setup();

    await user.click(screen.getByLabelText('Job Role', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Account Manager' }));
    await waitFor(() => expect(screen.getByTestId('employee-list-empty')).toHaveTextContent('There is no employee who fits your search criteria'));
    expect(router.state.location.search).toBe('?jobroleId=3');

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Terminated' }));
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Z - A' }));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/manage/employees').at(-1)!.url.search).toBe('?page=1&status=0&order=3&jobroleId=3&q='));

    await user.click(screen.getByLabelText('Job Role', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '-- All --' }));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/manage/employees').at(-1)!.url.searchParams.has('jobroleId')).toBe(false));
    // Terminated people only: still a filter.
    expect(screen.getByTestId('employee-list-empty')).toHaveTextContent('There is no employee who fits your search criteria');
  });

  it('pages 30 at a time', async () => {
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/employees': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return json({ employees: [employee({ id: page * 100, firstname: `Page${page}` })], totalCount: 45, page })();
      },
    });
    renderWithApp(<EmployeeListScreen />, { path: '/admin/manage' });
    expect(await screen.findByRole('link', { name: 'Page1 Brooks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Page2 Brooks' })).toBeInTheDocument();
    expect(callsTo(fetch, 'GET', '/manage/employees').at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('reactivates a terminated person, asking for another e-mail when theirs is taken', async () => {
    const taken = "emma@acme.example has been registered to another user. Please choose a different email address.";
    const replies = [apiError(409, 'email_taken', taken, { email: [taken] }), json(employee({ email: 'emma.b@acme.example' }))];
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/employees': list([employee({ status: 0, lastTerminationDate: '2025-01-10' })]),
      'POST /manage/reactivate-account': () => replies.shift()!(),
    });
    const { router } = renderWithApp(<EmployeeListScreen />, { path: '/admin/manage?status=0' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reactivate Emma Brooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Emma Brooks' });
    expect(within(dialog).getByRole('radio', { name: 'Keep emma@acme.example' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));

    // Taken: the message, and a new address is asked for.
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Keep emma@acme.example' })).toBeDisabled();
    const input = within(dialog).getByRole('textbox', { name: /New email/ });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await within(dialog).findByText('Please input the Email')).toBeInTheDocument();
    await user.type(input, 'emma.b@');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await within(dialog).findByText('Oops! Looks like you have a typo.')).toBeInTheDocument();
    await user.type(input, 'acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/view-user/9'));
    expect(router.state.location.search).toBe('?reactivated=1');
    const posts = callsTo(fetch, 'POST', '/manage/reactivate-account').map((c) => bodyOf(c.init));
    expect(posts).toEqual([{ id: 9 }, { id: 9, email: 'emma.b@acme.example' }]);
  });

  it("shows 'Mail's away' after a bulk add (splash=1)", async () => {
    mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/employees': list([employee()]) });
    const { router } = renderWithApp(<EmployeeListScreen />, { path: '/admin/manage?splash=1' });
    const dialog = await screen.findByRole('dialog', { name: "Mail's away" });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("continues the guided tour with 'Setup PTO Now' after a bulk add in the tour (inJoyride) or with imported staff (joyhop)", async () => {
    mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/employees': list([employee()]) });
    const added = renderWithApp(<EmployeeListScreen />, { path: '/admin/manage?inJoyride=1' });
    const prompt = await screen.findByTestId('onboarding-pto');
    expect(prompt).toHaveTextContent('Your employees are in! Each of them got an e-mail');
    expect(within(prompt).getByRole('link', { name: 'Setup PTO Now' })).toHaveAttribute('href', '/admin/ptomanage');
    // It replaces the bulk add's splash.
    expect(screen.queryByRole('dialog', { name: "Mail's away" })).toBeNull();
    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(added.router.state.location.search).toBe(''));
    expect(screen.queryByTestId('onboarding-pto')).toBeNull();
    added.unmount();

    renderWithApp(<EmployeeListScreen />, { path: '/admin/manage?joyhop=1' });
    const imported = await screen.findByTestId('onboarding-pto');
    expect(imported).toHaveTextContent('brought over from your agency management system');
    expect(within(imported).getByRole('link', { name: 'Setup PTO Now' })).toHaveAttribute('href', '/admin/ptomanage');
  });

  it('shows cards on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/employees': list([employee()]) });
      renderWithApp(<EmployeeListScreen />, { path: '/admin/manage' });
      expect(await screen.findByTestId('employee-cards')).toBeInTheDocument();
      expect(screen.queryByTestId('employee-table')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });
});
