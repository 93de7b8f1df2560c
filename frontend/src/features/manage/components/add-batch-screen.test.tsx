import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ADMIN, apiError, callsTo, employee, json, MANAGER, manageData } from '../testing/fixtures';
import { AddBatchScreen } from './add-batch-screen';

const field = (label: string, row: number) => screen.getByLabelText(`${label}, row ${row}`, { selector: 'input' });
const type = (label: string, row: number, value: string) => fireEvent.change(field(label, row), { target: { value } });

async function pickRole(row: number, role: string) {
  const user = userEvent.setup();
  await user.click(field('Job Role', row));
  await user.click(await screen.findByRole('option', { name: role }));
}

describe('Add Multiple Employees (/admin/manage/add-batch)', () => {
  it("shows 10 blank rows and asks for at least one employee", async () => {
    const fetch = mockFetch({ 'GET /manage/data': json(manageData()) });
    renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Multiple Employees' })).toBeInTheDocument();
    expect(screen.getAllByTestId('batch-row')).toHaveLength(10);
    expect(field('Permission', 1)).toHaveValue('User');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+ add row' }));
    expect(screen.getAllByTestId('batch-row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Please add at least one employee.');
    expect(callsTo(fetch, 'POST', '/manage/add-multiple-users')).toHaveLength(0);
  });

  it('says where job roles are added when the company has none yet', async () => {
    mockFetch({ 'GET /manage/data': json(manageData({ jobRoles: [] })) });
    renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch' });
    expect(await screen.findByTestId('no-job-roles')).toHaveTextContent('No job roles yet — add them in Settings › Job Roles');
    expect(screen.getByRole('link', { name: 'Settings › Job Roles' })).toHaveAttribute('href', '/admin/manage/settings?tab=4&return=%2Fadmin%2Fmanage%2Fadd-batch');
  });

  it("flags each bad row with the spec's messages", async () => {
    mockFetch({ 'GET /manage/data': json(manageData()) });
    renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch' });
    await screen.findAllByTestId('batch-row');
    type('Name', 2, 'Jane');
    type('Email', 2, 'jane@');
    type('Email', 4, 'ok@acme.example');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry The following records have some input errors. Please correct them and resubmit.',
    );
    const rows = screen.getAllByTestId('batch-row');
    expect(rows[1]).toHaveTextContent('Name must be a full name');
    expect(rows[1]).toHaveTextContent('The email is invalid');
    expect(rows[1]).toHaveTextContent('Please select a role');
    expect(rows[3]).toHaveTextContent('Name must be a full name');
    expect(rows[3]).not.toHaveTextContent('The email is invalid');
    expect(rows[0]).not.toHaveTextContent(/must|invalid|select/);
    // Editing a field clears its message.
    type('Name', 2, 'Jane Doe');
    expect(rows[1]).not.toHaveTextContent('Name must be a full name');
  });

  it('sends only filled rows and puts the server errors (users[i]) on the rows they came from', async () => {
    const replies = [
      apiError(400, 'validation', 'The following records have some input errors. Please correct them and resubmit.', {
        'users[1].email': ['The email has been registered by another user'],
      }),
      json({ created: 2, employees: [employee({ id: 50 }), employee({ id: 51 })] }),
    ];
    const fetch = mockFetch({ 'GET /manage/data': json(manageData()), 'POST /manage/add-multiple-users': () => replies.shift()!() });
    const { router } = renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch' });
    await screen.findAllByTestId('batch-row');
    type('Name', 3, 'Jane Doe');
    type('Email', 3, 'jane@acme.example');
    await pickRole(3, 'Producer');
    type('Name', 7, 'John Roe');
    type('Email', 7, 'taken@acme.example');
    await pickRole(7, 'Account Manager');
    const user = userEvent.setup();
    await user.click(field('Permission', 7));
    await user.click(await screen.findByRole('option', { name: 'Admin Control - Limited' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const rows = screen.getAllByTestId('batch-row');
    await waitFor(() => expect(rows[6]).toHaveTextContent('The email has been registered by another user'));
    expect(rows[2]).not.toHaveTextContent('registered');
    expect(rows[1]).not.toHaveTextContent('registered');
    // The spec's payload: a bare array of rows.
    expect(bodyOf(callsTo(fetch, 'POST', '/manage/add-multiple-users')[0]!.init)).toEqual([
      { name: 'Jane Doe', email: 'jane@acme.example', jobrole: 2, permission: 'employee' },
      { name: 'John Roe', email: 'taken@acme.example', jobrole: 3, permission: 'manager' },
    ]);

    type('Email', 7, 'john@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Saved: no unsaved-changes question on the way out.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage'));
    expect(router.state.location.search).toBe('?splash=1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes on with the guided tour (inJoyride) when the page was opened from it', async () => {
    mockFetch({ 'GET /manage/data': json(manageData()), 'POST /manage/add-multiple-users': json({ created: 1, employees: [employee({ id: 50 })] }) });
    const { router } = renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch?inJoyride=1' });
    await screen.findAllByTestId('batch-row');
    type('Name', 1, 'Jane Doe');
    type('Email', 1, 'jane@acme.example');
    await pickRole(1, 'Producer');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage'));
    expect(router.state.location.search).toBe('?inJoyride=1');
  });

  it('asks before leaving with unsaved changes', async () => {
    mockFetch({ 'GET /manage/data': json(manageData()) });
    const { router } = renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch' });
    await screen.findAllByTestId('batch-row');
    const user = userEvent.setup();
    type('Name', 1, 'Jane Doe');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes, are you sure you want to leave this page?');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/manage/add-batch');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage'));
  });

  it('leaves without asking when nothing was typed, and a manager cannot choose the permission', async () => {
    mockFetch({ 'GET /manage/data': json(manageData()) });
    const { router } = renderWithApp(<AddBatchScreen identity={MANAGER} />, { path: '/admin/manage/add-batch' });
    await screen.findAllByTestId('batch-row');
    expect(field('Permission', 1)).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage'));
  });

  it('starts the AgencyZoom import on ?azCheck=1 when the server has it', async () => {
    mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/import-agencyzoom': json({ available: true, integrated: false, importedPeople: 0 }) });
    const { router } = renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch?azCheck=1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/import-agencyzoom'));
  });

  it('stays a bulk add with a link to the import when the page was opened without azCheck', async () => {
    mockFetch({ 'GET /manage/data': json(manageData()), 'GET /manage/import-agencyzoom': json({ available: true, integrated: false, importedPeople: 0 }) });
    const { router } = renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch' });
    expect(await screen.findByRole('link', { name: 'Import from AgencyZoom' })).toHaveAttribute('href', '/admin/manage/import-agencyzoom');
    expect(screen.getAllByTestId('batch-row')).toHaveLength(10);
    expect(router.state.location.pathname).toBe('/admin/manage/add-batch');
  });

  it('keeps a manager on the bulk add: only admins import', async () => {
    const fetch = mockFetch({ 'GET /manage/data': json(manageData()) });
    const { router } = renderWithApp(<AddBatchScreen identity={MANAGER} />, { path: '/admin/manage/add-batch?azCheck=1' });
    await screen.findAllByTestId('batch-row');
    expect(callsTo(fetch, 'GET', '/manage/import-agencyzoom')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/admin/manage/add-batch');
  });

  it('has no bulk add in a company integrated with AgencyZoom', async () => {
    mockFetch({
      'GET /manage/data': json(manageData({ integratedWithAz: true })),
      'GET /manage/import-agencyzoom': json({ available: false, integrated: true, importedPeople: 3 }),
    });
    renderWithApp(<AddBatchScreen identity={ADMIN} />, { path: '/admin/manage/add-batch' });
    expect(await screen.findByText(/Your staff comes from AgencyZoom/)).toBeInTheDocument();
    expect(screen.queryAllByTestId('batch-row')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
