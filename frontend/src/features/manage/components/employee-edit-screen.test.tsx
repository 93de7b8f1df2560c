import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ADMIN, apiError, callsTo, contact, employee, json, MANAGER, manageData } from '../testing/fixtures';
import { EmployeeEditScreen } from './employee-edit-screen';

const input = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('Add Employee (/admin/manage/add-user)', () => {
  it("checks the fields with the spec's messages before sending", async () => {
    const fetch = mockFetch({ 'GET /manage/data': json(manageData()) });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={null} />, { path: '/admin/manage/add-user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Employee' })).toBeInTheDocument();
    // No contacts tab for someone who does not exist yet.
    expect(screen.queryByRole('tab')).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please input the First name')).toBeInTheDocument();
    expect(screen.getByText('Please input the Last name')).toBeInTheDocument();
    expect(screen.getByText('Please input the Email')).toBeInTheDocument();

    await user.type(input(/Email/), 'emma@acme');
    await user.type(input('Birthday'), '13/40');
    await user.type(input('Phone'), '555123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Oops! Looks like you have a typo.')).toBeInTheDocument();
    expect(screen.getByText('Please input Month(1-12)/Date(1-31). e.g. 03/15')).toBeInTheDocument();
    expect(screen.getByText('Please input a 10-digit phone number')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/manage/add-user')).toHaveLength(0);
  });

  it('formats the phone, defaults the permission and the manager, and goes to the new folder with ?pto=setup', async () => {
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'POST /manage/add-user': json({ employee: employee({ id: 44 }), created: true }),
    });
    const { router } = renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={null} />, { path: '/admin/manage/add-user' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/First Name/, { selector: 'input' }), 'Emma');
    await user.type(input(/Last Name/), 'Brooks');
    await user.type(input(/Email/), 'emma@acme.example');
    await user.type(input('Phone'), '555a1234567');
    expect(input('Phone')).toHaveValue('(555) 123-4567');
    expect(input(/Permission/)).toHaveValue('User');
    expect(input(/Permission/)).toBeEnabled();
    expect(input('Manager')).toHaveValue('Ada Admin');
    await user.click(input('Job Role'));
    await user.click(await screen.findByRole('option', { name: 'Producer' }));
    await user.type(input('Birthday'), '3/5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/view-user/44'));
    expect(router.state.location.search).toBe('?pto=setup');
    expect(bodyOf(callsTo(fetch, 'POST', '/manage/add-user')[0]!.init)).toEqual({
      firstname: 'Emma',
      lastname: 'Brooks',
      email: 'emma@acme.example',
      phone: '(555) 123-4567',
      permission: 'employee',
      jobroleId: 2,
      managerId: 1,
      birthday: '03/05',
      startDate: null,
      address: null,
      city: null,
      state: null,
      zip: null,
    });
  });

  it("lets only admins choose the permission (a manager's form sends none)", async () => {
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'POST /manage/add-user': json({ employee: employee({ id: 45 }), created: true }),
    });
    renderWithApp(<EmployeeEditScreen identity={MANAGER} employeeId={null} />, { path: '/admin/manage/add-user' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/First Name/, { selector: 'input' }), 'Emma');
    expect(input(/Permission/)).toBeDisabled();
    await user.type(input(/Last Name/), 'Brooks');
    await user.type(input(/Email/), 'emma@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/manage/add-user')).toHaveLength(1));
    expect(bodyOf(callsTo(fetch, 'POST', '/manage/add-user')[0]!.init)).not.toHaveProperty('permission');
  });

  it("puts the server's field errors on the fields, and other failures in a 'Sorry' alert", async () => {
    const replies = [
      apiError(409, 'email_taken', 'The email has been registered by another user', { email: ['The email has been registered by another user'] }),
      apiError(500, 'internal', 'boom'),
    ];
    mockFetch({ 'GET /manage/data': json(manageData()), 'POST /manage/add-user': () => replies.shift()!() });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={null} />, { path: '/admin/manage/add-user' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/First Name/, { selector: 'input' }), 'Emma');
    await user.type(input(/Last Name/), 'Brooks');
    await user.type(input(/Email/), 'taken@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email has been registered by another user')).toBeInTheDocument();
    expect(input(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Something went horribly wrong!');
  });
});

describe('Add Employee in a new company without job roles', () => {
  it('says where job roles are added, with a link to Settings › Job Roles and back', async () => {
    mockFetch({ 'GET /manage/data': json(manageData({ jobRoles: [] })) });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={null} />, { path: '/admin/manage/add-user' });
    await screen.findByRole('heading', { level: 1, name: 'Add Employee' });
    const role = await screen.findByLabelText('Job Role', { selector: 'input' });
    expect(role).toHaveAccessibleDescription('No job roles yet — add them in Settings › Job Roles');
    expect(screen.getByRole('link', { name: 'Settings › Job Roles' })).toHaveAttribute(
      'href',
      '/admin/manage/settings?tab=4&return=%2Fadmin%2Fmanage%2Fadd-user',
    );
  });

  it('says nothing more once the company has roles', async () => {
    mockFetch({ 'GET /manage/data': json(manageData()) });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={null} />, { path: '/admin/manage/add-user' });
    expect(await screen.findByLabelText('Job Role', { selector: 'input' })).not.toHaveAccessibleDescription();
    expect(screen.queryByTestId('no-job-roles')).toBeNull();
  });
});

describe('Add Employee in a company integrated with AgencyZoom', () => {
  it('sends an admin to the batch add with azCheck=1, which starts the import', async () => {
    mockFetch({ 'GET /manage/data': json(manageData({ integratedWithAz: true })) });
    const { router } = renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={null} />, { path: '/admin/manage/add-user' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/add-batch'));
    expect(router.state.location.search).toBe('?azCheck=1');
  });

  it('lets a manager add someone as before', async () => {
    mockFetch({ 'GET /manage/data': json(manageData({ integratedWithAz: true })) });
    const { router } = renderWithApp(<EmployeeEditScreen identity={MANAGER} employeeId={null} />, { path: '/admin/manage/add-user' });
    expect(await screen.findByLabelText(/First Name/, { selector: 'input' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/manage/add-user');
  });
});

describe('Edit Employee (/admin/manage/edit-user/{id})', () => {
  it("is 'Edit {first} {last}' with the stored values; a terminated person's termination date is read-only", async () => {
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/user-data': json(employee({ status: 0, lastTerminationDate: '2025-01-10', jobroleId: 5, jobroleName: 'Retired Role' })),
      'POST /manage/add-user': json({ employee: employee(), created: false }),
    });
    const { router } = renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/edit-user/9?tab=1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Emma Brooks' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/First Name/, { selector: 'input' })).toHaveValue('Emma');
    expect(input('Phone')).toHaveValue('(555) 123-4567');
    expect(input('Birthday')).toHaveValue('03/15');
    expect(input('Start Date')).toHaveValue('2024-02-01');
    // An inactive role the person still has stays shown.
    expect(input('Job Role')).toHaveValue('Retired Role');
    expect(input('Termination Date')).toHaveValue('Jan 10, 2025');
    expect(input('Termination Date')).toHaveAttribute('readonly');
    expect(callsTo(fetch, 'GET', '/manage/user-data')[0]!.url.search).toBe('?id=9');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/view-user/9'));
    expect(router.state.location.search).toBe('');
    expect(bodyOf(callsTo(fetch, 'POST', '/manage/add-user')[0]!.init)).toMatchObject({ id: 9, permission: 'employee', jobroleId: 5 });
  });

  it('shows no termination date for an active person and locks names and e-mail of an integrated account', async () => {
    mockFetch({ 'GET /manage/data': json(manageData({ integratedWithAz: true })), 'GET /manage/user-data': json(employee()) });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/edit-user/9' });
    expect(await screen.findByLabelText(/First Name/, { selector: 'input' })).toHaveAttribute('readonly');
    expect(input(/Last Name/)).toHaveAttribute('readonly');
    expect(input(/Email/)).toHaveAttribute('readonly');
    expect(input('Phone')).not.toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Termination Date')).toBeNull();
  });
});

describe('Emergency contacts (?tab=2)', () => {
  it("shows 'There is no emergency contact on file', checks the contact form and adds one in the 350 dock", async () => {
    let contacts: unknown[] = [];
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/user-data': json(employee()),
      'GET /contacts/list': () => json({ contacts })(),
      'POST /contacts/add': (init) => {
        contacts = [contact({ ...(bodyOf(init) as Record<string, unknown>), id: 32 })];
        return json(contacts[0])();
      },
    });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/edit-user/9?tab=2' });
    expect(await screen.findByRole('tab', { name: 'Emergency Contacts', selected: true })).toBeInTheDocument();
    expect(await screen.findByTestId('contacts-empty')).toHaveTextContent('There is no emergency contact on file');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dock = await screen.findByTestId('dock');
    expect(dock).toHaveAttribute('data-width', '350');
    const form = within(await screen.findByRole('form', { name: 'Add emergency contact' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Please input the First name')).toBeInTheDocument();
    expect(form.getByText('Please input the Last name')).toBeInTheDocument();
    expect(form.getByText('Please input the Relationship')).toBeInTheDocument();
    expect(form.getByText('Please input the Phone')).toBeInTheDocument();

    await user.type(form.getByLabelText(/First Name/, { selector: 'input' }), 'Tom');
    await user.type(form.getByLabelText(/Last Name/, { selector: 'input' }), 'Brooks');
    await user.click(form.getByLabelText(/Relationship/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Friend' }));
    await user.type(form.getByLabelText(/Phone/, { selector: 'input' }), '5557654321');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('contact')).toHaveTextContent('Tom Brooks');
    expect(bodyOf(callsTo(fetch, 'POST', '/contacts/add')[0]!.init)).toEqual({
      eid: 9,
      firstname: 'Tom',
      lastname: 'Brooks',
      relationship: 'Friend',
      phone: '(555) 765-4321',
      email: null,
    });
  });

  it('edits a contact as stored and removes one after the confirmation', async () => {
    let contacts: unknown[] = [contact()];
    const fetch = mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/user-data': json(employee()),
      'GET /contacts/list': () => json({ contacts })(),
      'GET /contacts/get': json(contact({ firstname: 'Thomas' })),
      'POST /contacts/add': (init) => json(contact(bodyOf(init) as Record<string, unknown>))(),
      'POST /contacts/delete': () => {
        contacts = [];
        return json({})();
      },
    });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/edit-user/9?tab=2' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Tom Brooks' }));
    const form = within(await screen.findByRole('form', { name: 'Edit emergency contact' }));
    expect(form.getByLabelText(/First Name/, { selector: 'input' })).toHaveValue('Thomas');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/contacts/add')).toHaveLength(1));
    expect(bodyOf(callsTo(fetch, 'POST', '/contacts/add')[0]!.init)).toMatchObject({ id: 31, eid: 9, firstname: 'Thomas' });
    expect(callsTo(fetch, 'GET', '/contacts/get')[0]!.url.search).toBe('?id=31&eid=9');

    await user.click(await screen.findByRole('button', { name: 'Remove Tom Brooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you hit remove there's no going back!");
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('contacts-empty')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetch, 'POST', '/contacts/delete')[0]!.init)).toEqual({ id: 31, eid: 9 });
  });

  it("lets a manager read a report's contacts without changing them", async () => {
    mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/user-data': json(employee()), 'GET /contacts/list': json({ contacts: [contact()] }) });
    renderWithApp(<EmployeeEditScreen identity={MANAGER} employeeId={9} />, { path: '/admin/manage/edit-user/9?tab=2' });
    expect(await screen.findByTestId('contact')).toHaveTextContent('Tom Brooks');
    expect(screen.queryByRole('button', { name: 'Add Contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Tom Brooks' })).toBeNull();
  });
});
