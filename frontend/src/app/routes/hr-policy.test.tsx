import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { hrPolicy, hrServer } from '@/features/hr/testing/hr-server';
import { sessionStore } from '@/lib/session';
import { response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const shellRoutes = {
  'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }),
  'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }),
  'GET /dashboard/pending-requests': () => response({ json: { count: 0, timesheetEditRequests: [] } }),
};

describe('/admin/manage/hr-policy', () => {
  afterEach(() => sessionStore.clear());

  it("is 'HR Broadcasts' in a manager's menu, and the quick add's 'Add HR Broadcast' opens its add panel", async () => {
    hrServer({ policies: [hrPolicy({ id: 71, title: 'Code of conduct' })], routes: shellRoutes });
    sessionStore.setToken(fakeToken({ eid: 1, roles: ['manager'] }));
    const { router } = renderRoutes(routes, '/timesheet');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'HR Broadcasts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/hr-policy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'HR Broadcast History' })).toBeInTheDocument();
    expect(await screen.findByTestId('broadcast')).toHaveTextContent('Code of conduct');
    expect(within(nav).getByRole('link', { name: 'HR Broadcasts' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add HR Broadcast' }));
    const dock = await screen.findByRole('dialog', { name: 'Add Broadcast' });
    expect(router.state.location.search).toBe('?startAdd=1');
    expect(await within(dock).findByRole('textbox', { name: 'Title' })).toBeInTheDocument();
  });

  it('sends an employee to the login page', async () => {
    hrServer({ routes: shellRoutes });
    sessionStore.setToken(fakeToken({ eid: 9, roles: ['employee'] }));
    const { router } = renderRoutes(routes, '/admin/manage/hr-policy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/manage/hr-policy')}`);
  });
});
