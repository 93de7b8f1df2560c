import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ADA, EMMA, json, ptoData, timeOffServer } from '@/features/pto/testing/time-off-server';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const loginData = { 'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }) };
const signIn = (overrides: Partial<IdentityClaims>) => sessionStore.setToken(fakeToken({ timezone: 'America/New_York', ...overrides }));

describe('/pto', () => {
  afterEach(() => sessionStore.clear());

  it("is 'My Time Off' in an employee's menu and opens their PTO screen", async () => {
    timeOffServer(loginData);
    signIn({ eid: 9, firstname: 'Emma', lastname: 'Brooks', roles: ['employee'] });
    const { router } = renderRoutes(routes, '/clockin');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'My Time Off' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Time Off' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pto');
    expect(document.title).toBe('My Time Off | Timekeep');
    expect(await screen.findByRole('form', { name: 'Request Time Off' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'My Time Off' })).toHaveAttribute('aria-current', 'page');
  });

  it("brings a manager from quick add's 'Add Time Off' to the request form, focused", async () => {
    timeOffServer({
      ...loginData,
      'GET /pto/data': json(ptoData({ employee: ADA, canRequestFor: [ADA, EMMA] })),
      'GET /dashboard/pending-requests': json({ count: 0, timesheetEditRequests: [] }),
      'GET /timesheet/list': json({ entries: [], totalCount: 0, employee: { ...ADA, avatar: null, currentClockStatus: 0 } }),
    });
    signIn({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['manager'] });
    const { router } = renderRoutes(routes, '/timesheet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quick add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add Time Off' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Time Off' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pto');
    expect(router.state.location.search).toBe('?add=1');
    await waitFor(() => expect(screen.getByLabelText(/^Time Off Type/, { selector: 'input' })).toHaveFocus());
    expect(screen.getByLabelText('On Behalf Of', { selector: 'input' })).toHaveValue('Ada Admin');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Time Off' })).toHaveAttribute('href', '/pto');
    expect(within(nav).getByRole('link', { name: 'PTO' })).toHaveAttribute('href', '/admin/ptomanage');
  });

  it('sends the system admin home', async () => {
    timeOffServer(loginData);
    signIn({ eid: null, roles: ['sysadmin'] });
    const { router } = renderRoutes(routes, '/pto');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sy5tem/adm1n'));
  });
});
