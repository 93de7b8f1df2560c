import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { endpoint, webhooksServer } from '@/features/webhooks/testing/webhooks-server';
import { sessionStore } from '@/lib/session';
import { response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const shellRoutes = {
  'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }),
  'GET /dashboard/pending-requests': () => response({ json: { count: 0, timesheetEditRequests: [] } }),
  'GET /profile/my-tasks': () => response({ json: { policies: [], events: [], docRequests: [], count: 0, overdue: false } }),
};

describe('/admin/manage/webhooks', () => {
  afterEach(() => sessionStore.clear());

  it("is 'Webhooks' in an admin's menu, right after API Keys, and shows the endpoints on the company's clock", async () => {
    webhooksServer({ endpoints: [endpoint({ createdAt: '2026-12-01T15:04:00Z' })], routes: shellRoutes });
    sessionStore.setToken(fakeToken({ eid: 2, roles: ['admin'], timezone: 'America/Chicago' }));
    const { router } = renderRoutes(routes, '/timesheet');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Webhooks')).toBe(links.indexOf('API Keys') + 1);
    expect(links.indexOf('Settings')).toBe(links.indexOf('Webhooks') + 1);
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Webhooks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/webhooks'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(document.title).toBe('Webhooks | Timekeep');
    expect(within(nav).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    // 15:04 UTC is 09:04 AM in Chicago.
    expect(await screen.findByTestId('webhook-created')).toHaveTextContent('12/01/2026 09:04 AM');
  });

  it("is not in a manager's menu, and sends a manager who types it to their home", async () => {
    webhooksServer({ routes: shellRoutes });
    sessionStore.setToken(fakeToken({ eid: 5, roles: ['manager'] }));
    const { router } = renderRoutes(routes, '/timesheet');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Audit Trail' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Webhooks' })).toBeNull();

    await router.navigate('/admin/manage/webhooks');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/manage/webhooks'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Webhooks' })).toBeNull();
  });

  it('sends an employee to the login page', async () => {
    webhooksServer({ routes: shellRoutes });
    sessionStore.setToken(fakeToken({ eid: 9, roles: ['employee'] }));
    const { router } = renderRoutes(routes, '/admin/manage/webhooks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
