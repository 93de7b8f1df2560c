import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

type Handler = Parameters<typeof mockFetch>[0][string];
const json = (body: unknown): Handler => () => response({ json: body });

const server = () =>
  mockFetch({
    'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }),
    'GET /pto/agenda': json({ items: [] }),
    'GET /celebration/next-celebrations': json({ celebrations: [] }),
    'GET /celebration/get-system-messages': json({ messages: [] }),
    'GET /celebration/get-company-celebration-message': (init) =>
      response({ json: { type: new URL(init.url, 'http://x').searchParams.get('type'), message: null, effective: 'Happy day, {firstname}!', source: 'system' } }),
  });

describe('/team-calendar, /celebrations and /company-celebrations', () => {
  afterEach(() => sessionStore.clear());

  it("are 'Calendar' and 'Celebrations' in an employee's menu; the clock screen shows 'What's happening?'", async () => {
    server();
    sessionStore.setToken(fakeToken({ eid: 9, roles: ['employee'] }));
    const { router } = renderRoutes(routes, '/clockin');
    expect(await screen.findByRole('heading', { level: 2, name: "What's happening?" })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const user = userEvent.setup();

    await user.click(within(nav).getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team-calendar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Calendar' })).toBeInTheDocument();
    expect(document.title).toBe('Team Calendar | Timekeep');

    await user.click(within(nav).getByRole('link', { name: 'Celebrations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/celebrations'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Celebrations' })).toBeInTheDocument();
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('lets admins, not managers, reach the company messages', async () => {
    server();
    sessionStore.setToken(fakeToken({ eid: 2, roles: ['manager'] }));
    const manager = renderRoutes(routes, '/company-celebrations');
    await waitFor(() => expect(manager.router.state.location.pathname).toBe('/admin/dashboard'));
    manager.unmount();

    sessionStore.setToken(fakeToken({ eid: 1, roles: ['admin'] }));
    renderRoutes(routes, '/company-celebrations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company Celebrations' })).toBeInTheDocument();
    expect(await screen.findAllByText('Happy day, {firstname}!')).toHaveLength(2);
  });

  it('sends the system admin away from the calendar', async () => {
    server();
    sessionStore.setToken(fakeToken({ eid: null, roles: ['sysadmin'] }));
    const { router } = renderRoutes(routes, '/team-calendar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sy5tem/adm1n'));
  });
});
