import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { apiError, companyRow, OPERATOR, queriesTo, systemServer } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { CustomersScreen } from './customers-screen';

const render = (path = '/sy5tem/adm1n') => renderWithApp(<CustomersScreen />, { path });

const many = (count: number) => Array.from({ length: count }, (_, i) => companyRow(100 + i, { name: `Firm ${String(i + 1).padStart(2, '0')}` }));

describe('Customers (/sy5tem/adm1n)', () => {
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'] })));
  afterEach(() => sessionStore.clear());

  it('lists the companies of the first page, newest first, each linking to its page', async () => {
    const { fetch } = systemServer();
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(document.title).toBe('Customers | Timekeep');
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(headers(table)).toEqual([
      'Name',
      'Admin e-mail',
      'Status',
      'Trial end',
      'Users',
      'Promotion',
      'Created',
    ]);
    expect(bodyRows(table)).toEqual([
      ['Acme Insurance', 'owner@acme.example', 'Active', '—', '12', 'WELCOME', 'Nov 01, 2026'],
      ['Beta Bakery', 'owner@c8.example', 'Trial', 'Dec 01, 2026', '12', '—', 'Nov 01, 2026'],
    ]);
    expect(within(table).getByRole('link', { name: 'Acme Insurance' })).toHaveAttribute('href', '/sy5tem/company/7');
    expect(screen.getByTestId('company-count')).toHaveTextContent('2 companies');
    expect(within(table).getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    expect(queriesTo(fetch, '/system/companies')).toEqual([{ page: '1', sort: 'createdAt', order: 'desc' }]);
  });

  it('filters by name (once the typing pauses) and status, and says when nothing matches', async () => {
    const { fetch } = systemServer();
    const { router } = render();
    await screen.findByRole('table', { name: 'Companies' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Name or admin e-mail' }), 'acme');
    await waitFor(() => expect(queriesTo(fetch, '/system/companies')).toHaveLength(2));
    expect(queriesTo(fetch, '/system/companies')[1]).toEqual({ page: '1', sort: 'createdAt', order: 'desc', name: 'acme' });
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Companies' }))).toHaveLength(1));
    expect(router.state.location.search).toBe('?name=acme');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Suspended');
    expect(await screen.findByText('No companies match.')).toBeInTheDocument();
    expect(queriesTo(fetch, '/system/companies').at(-1)).toEqual({ page: '1', sort: 'createdAt', order: 'desc', name: 'acme', status: 'suspended' });
  });

  it('sorts on the server by name, users or sign-up, turning around on a second click', async () => {
    const { fetch } = systemServer();
    render();
    const table = await screen.findByRole('table', { name: 'Companies' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/companies').at(-1)).toEqual({ page: '1', sort: 'name', order: 'asc' }));
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/companies').at(-1)).toEqual({ page: '1', sort: 'name', order: 'desc' }));
    await user.click(within(table).getByRole('button', { name: /^Users/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/companies').at(-1)).toEqual({ page: '1', sort: 'users', order: 'asc' }));
  });

  it('pages through compCount, 20 a page', async () => {
    const { fetch } = systemServer({ companies: many(45) });
    render();
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(bodyRows(table)).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    await userEvent.setup().click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Companies' }))).toHaveLength(5));
    expect(queriesTo(fetch, '/system/companies').at(-1)).toEqual({ page: '3', sort: 'createdAt', order: 'desc' });
  });

  it('keeps its filters in the address, and says so when there are no companies at all', async () => {
    const { fetch } = systemServer({ companies: [] });
    render('/sy5tem/adm1n?status=trial&sort=users&order=desc&page=2');
    expect(await screen.findByText('No companies match.')).toBeInTheDocument();
    expect(queriesTo(fetch, '/system/companies')).toEqual([{ page: '2', sort: 'users', order: 'desc', status: 'trial' }]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('trial');
  });

  it("says 'There are no companies yet.' without filters, and shows a failed load", async () => {
    systemServer({ companies: [] });
    const first = render();
    expect(await screen.findByText('There are no companies yet.')).toBeInTheDocument();
    first.unmount();
    systemServer({ more: { 'GET /system/companies': apiError(500, 'internal', 'boom') } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Something went horribly wrong!');
  });

  it('shows the notice it was sent with (a deleted company)', async () => {
    systemServer();
    const { router } = render();
    await screen.findByRole('table', { name: 'Companies' });
    await router.navigate('/sy5tem/adm1n', { state: { notice: 'Acme Insurance was deleted.' } });
    expect(await screen.findByText('Acme Insurance was deleted.')).toBeInTheDocument();
  });
});
