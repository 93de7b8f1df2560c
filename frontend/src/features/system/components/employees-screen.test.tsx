import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { callsTo, OPERATOR, queriesTo, systemServer, systemUser } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { EmployeesScreen } from './employees-screen';

const render = (path = '/sy5tem/employees') => renderWithApp(<EmployeesScreen />, { path });

const USERS = [
  systemUser(3),
  systemUser(4, { firstname: 'Bob', lastname: 'Baker', email: 'bob@beta.example', role: 'employee', status: 0, companyId: 8, companyName: 'Beta Bakery', lastLogin: null }),
];

let saved: string[] = [];

describe('Employees (/sy5tem/employees)', () => {
  beforeEach(() => {
    sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'] }));
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:users/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => sessionStore.clear());

  it('lists every user with their company, and links to reset their password or impersonate them', async () => {
    const { fetch } = systemServer({ users: USERS });
    render();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(headers(table)).toEqual(['Name', 'Email', 'Company', 'Role', 'Status', 'Created', 'Last login', 'Actions']);
    expect(bodyRows(table)).toEqual([
      ['Ann Owner', 'owner@acme.example', 'Acme Insurance', 'Admin', 'Active', 'Nov 01, 2026', '11/26/2026 08:02 AM', 'Reset passwordImpersonate'],
      ['Bob Baker', 'bob@beta.example', 'Beta Bakery', 'Employee', 'Terminated', 'Nov 01, 2026', '—', 'Reset password'],
    ]);
    expect(within(table).getByRole('link', { name: 'Reset password for owner@acme.example' })).toHaveAttribute('href', '/sy5tem/resetpwd?email=owner%40acme.example');
    expect(within(table).getByRole('link', { name: 'Impersonate owner@acme.example' })).toHaveAttribute('href', '/sy5tem/impersonate?email=owner%40acme.example');
    // A terminated user cannot be impersonated.
    expect(within(table).queryByRole('link', { name: 'Impersonate bob@beta.example' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Beta Bakery' })).toHaveAttribute('href', '/sy5tem/company/8');
    expect(queriesTo(fetch, '/system/employees')).toEqual([{ page: '1', sort: 'email', order: 'asc' }]);
  });

  it('searches once the typing pauses, not on every key', async () => {
    const { fetch } = systemServer({ users: USERS });
    render();
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: /^Search/ }), 'bob');
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Users' }))).toHaveLength(1));
    expect(queriesTo(fetch, '/system/employees')).toEqual([
      { page: '1', sort: 'email', order: 'asc' },
      { page: '1', sort: 'email', order: 'asc', q: 'bob' },
    ]);
    await userEvent.setup().type(screen.getByRole('searchbox', { name: /^Search/ }), 'x');
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
  });

  it("shows one company's people when the address names it, and everyone again", async () => {
    const { fetch } = systemServer({ users: USERS });
    const { router } = render('/sy5tem/employees?companyId=8');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(bodyRows(table).map((row) => row[1])).toEqual(['bob@beta.example']);
    expect(screen.getByTestId('company-filter')).toHaveTextContent('The people of Beta Bakery only.');
    expect(queriesTo(fetch, '/system/employees')).toEqual([{ page: '1', sort: 'email', order: 'asc', companyId: '8' }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Users' }))).toHaveLength(2));
  });

  it('sorts by last name and sign-up on the server', async () => {
    const { fetch } = systemServer({ users: USERS });
    render();
    const table = await screen.findByRole('table', { name: 'Users' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/employees').at(-1)).toEqual({ page: '1', sort: 'lastname', order: 'asc' }));
    await user.click(within(table).getByRole('button', { name: /^Created/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/employees').at(-1)).toEqual({ page: '1', sort: 'createdAt', order: 'asc' }));
    await user.click(within(table).getByRole('button', { name: /^Created/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/employees').at(-1)).toEqual({ page: '1', sort: 'createdAt', order: 'desc' }));
  });

  it("'Export all users' downloads the CSV", async () => {
    const { fetch } = systemServer({ users: USERS });
    render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export all users' }));
    await waitFor(() => expect(saved).toEqual(['timekeep-users.csv']));
    expect(callsTo(fetch, 'GET', '/system/export-all-users')).toHaveLength(1);
  });
});
