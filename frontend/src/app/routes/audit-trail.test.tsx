import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { auditServer, entry } from '@/features/audit/testing/audit-server';
import { sessionStore } from '@/lib/session';
import { response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const shellRoutes = {
  'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }),
  'GET /dashboard/pending-requests': () => response({ json: { count: 0, timesheetEditRequests: [] } }),
  'GET /profile/my-tasks': () => response({ json: { policies: [], events: [], docRequests: [], count: 0, overdue: false } }),
};

describe('/admin/manage/audit', () => {
  afterEach(() => sessionStore.clear());

  it("is 'Audit Trail' in a manager's menu and shows the trail on the company's clock", async () => {
    auditServer({ entries: [entry()], routes: shellRoutes });
    sessionStore.setToken(fakeToken({ eid: 2, roles: ['manager'], timezone: 'America/Chicago' }));
    const { router } = renderRoutes(routes, '/timesheet');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Audit Trail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/audit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Trail' })).toBeInTheDocument();
    expect(document.title).toBe('Audit Trail | Timekeep');
    expect(within(nav).getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('aria-current', 'page');
    // 15:04 UTC is 09:04 AM in Chicago.
    expect(await screen.findByTestId('audit-when')).toHaveTextContent('11/30/2026 09:04 AM');
  });

  it('sends an employee to the login page', async () => {
    auditServer({ routes: shellRoutes });
    sessionStore.setToken(fakeToken({ eid: 9, roles: ['employee'] }));
    const { router } = renderRoutes(routes, '/admin/manage/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
