import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { apiError, callsTo, json, OPERATOR, systemServer, systemUser } from '@/features/system/testing/system-server';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const SYSTEM_PAGES = [
  '/sy5tem/adm1n',
  '/sy5tem/company/7',
  '/sy5tem/stat',
  '/sy5tem/employees?q=ann',
  '/sy5tem/resetpwd?email=a%40b.example',
  '/sy5tem/impersonate',
  '/sy5tem/promot',
  '/sy5tem/audit',
  '/sy5tem/accrual-health',
  '/sy5tem/jobs',
];

const OPERATOR_CLAIMS: Partial<IdentityClaims> = { ...OPERATOR, roles: ['sysadmin'] };
const signIn = (claims: Partial<IdentityClaims>) => sessionStore.setToken(fakeToken(claims));
const menuLinks = () => within(screen.getByRole('navigation', { name: 'Main menu' })).getAllByRole('link');
const EMMA = systemUser(9, { firstname: 'Emma', lastname: 'Brooks', email: 'emma@acme.example', role: 'employee' });

describe('the system area', () => {
  afterEach(() => sessionStore.clear());

  it.each([
    ['a visitor', null],
    ['an employee', { roles: ['employee'] }],
    ['a company admin', { roles: ['admin'] }],
    ['the operator acting as an admin', { roles: ['admin'], impersonate: true }],
  ] as [string, Partial<IdentityClaims> | null][])('sends %s to /login?redirect={path}', async (_who, claims) => {
    systemServer({ more: { 'GET /account/signup-data': json({ authorizationUrl: null }) } });
    for (const path of SYSTEM_PAGES) {
      if (claims) signIn(claims);
      const view = renderRoutes(routes, path);
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
      expect(view.router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
      view.unmount();
      sessionStore.clear();
    }
  });

  it("shows the operator the system menu only, in the spec's order, marking the page's entry", async () => {
    systemServer();
    signIn(OPERATOR_CLAIMS);
    const { router } = renderRoutes(routes, '/sy5tem/adm1n');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Companies' })).toBeInTheDocument();
    expect(menuLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Customers', '/sy5tem/adm1n'],
      ['Statistics', '/sy5tem/stat'],
      ['Reset Password', '/sy5tem/resetpwd'],
      ['Impersonation', '/sy5tem/impersonate'],
      ['Promotions', '/sy5tem/promot'],
      ['Employees', '/sy5tem/employees'],
      ['Audit log', '/sy5tem/audit'],
      ['Accrual health', '/sy5tem/accrual-health'],
      ['Jobs', '/sy5tem/jobs'],
    ]);
    const current = () => menuLinks().filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);
    expect(current()).toEqual(['Customers']);
    // A company's page belongs to Customers.
    await userEvent.setup().click(within(screen.getByRole('table', { name: 'Companies' })).getByRole('link', { name: 'Acme Insurance' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Insurance' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sy5tem/company/7');
    expect(current()).toEqual(['Customers']);
    for (const [label, heading] of [
      ['Statistics', 'Statistics'],
      ['Reset Password', 'Reset Password'],
      ['Impersonation', 'Impersonation'],
      ['Promotions', 'Promotions'],
      ['Employees', 'Employees'],
      ['Audit log', 'Audit log'],
      ['Accrual health', 'Accrual health'],
      ['Jobs', 'Jobs'],
    ]) {
      await userEvent.setup().click(menuLinks().find((link) => link.textContent === label)!);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(current()).toEqual([label]);
    }
  });

  it('impersonates a user: their home with the banner and no Log out; Exit restores the operator and returns to Impersonation', async () => {
    const operatorToken = fakeToken(OPERATOR_CLAIMS);
    const { fetch } = systemServer({ users: [EMMA], more: { 'POST /auth/exit-impersonation-mode': json({ token: operatorToken, identity: {} }) } });
    sessionStore.setToken(fakeToken({ ...OPERATOR_CLAIMS, sid: 'earlier' }));
    const { router } = renderRoutes(routes, '/sy5tem/impersonate?email=emma%40acme.example');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clockin'));

    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('You are signed in as Emma Brooks (emma@acme.example) by support.');
    expect(sessionStore.get()?.identity).toMatchObject({ email: 'emma@acme.example', impersonate: true });
    expect(menuLinks().map((link) => link.textContent)).toContain('Clock');
    await user.click(screen.getByTestId('account-menu'));
    expect(await screen.findByRole('menuitem', { name: /Password$/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Log out' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(within(banner).getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sy5tem/impersonate'));
    expect(callsTo(fetch, 'POST', '/auth/exit-impersonation-mode')).toHaveLength(1);
    // The operator's own session, renewed, as the server answered it.
    expect(sessionStore.get()?.token).toBe(operatorToken);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(operatorToken);
    expect(await screen.findByRole('heading', { level: 1, name: 'Impersonation' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
    expect(menuLinks().map((link) => link.textContent)).toContain('Customers');
  });

  it('goes to the login page when the operator’s own session ended meanwhile (401 on exit)', async () => {
    systemServer({
      more: {
        'POST /auth/exit-impersonation-mode': apiError(401, 'unauthorized', 'Please log in.'),
        'GET /account/signup-data': json({ authorizationUrl: null }),
      },
    });
    signIn({ roles: ['employee'], impersonate: true, firstname: 'Emma', lastname: 'Brooks', email: 'emma@acme.example' });
    const { router } = renderRoutes(routes, '/clockin');
    await userEvent.setup().click(within(await screen.findByRole('region', { name: 'Impersonation' })).getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.get()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps the user signed in and says why when the exit is refused otherwise', async () => {
    systemServer({ more: { 'POST /auth/exit-impersonation-mode': apiError(400, 'refused', 'You are not impersonating anyone.') } });
    signIn({ roles: ['employee'], impersonate: true });
    const { router } = renderRoutes(routes, '/clockin');
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Exit' }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent('You are not impersonating anyone.');
    expect(router.state.location.pathname).toBe('/clockin');
    expect(sessionStore.get()?.identity.impersonate).toBe(true);
  });

  it('shows no banner outside an impersonation', async () => {
    systemServer();
    signIn({ roles: ['employee'] });
    renderRoutes(routes, '/clockin');
    await screen.findByTestId('greeting');
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });
});
