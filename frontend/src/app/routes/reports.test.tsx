import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { callsTo, reportsServer } from '@/features/reports/testing/reports-server';
import { sessionStore } from '@/lib/session';
import { response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const shellRoutes = {
  'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }),
  'GET /dashboard/pending-requests': () => response({ json: { count: 0, timesheetEditRequests: [] } }),
  'GET /profile/my-tasks': () => response({ json: { policies: [], events: [], docRequests: [], count: 0, overdue: false } }),
};

describe('/admin/reports', () => {
  afterEach(() => sessionStore.clear());

  it("is 'Reports' in a manager's menu and runs a report", async () => {
    const fetch = reportsServer(shellRoutes);
    sessionStore.setToken(fakeToken({ eid: 2, roles: ['manager'] }));
    const { router } = renderRoutes(routes, '/timesheet');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reports'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(document.title).toBe('Reports | Timekeep');
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');

    await screen.findByText('11/01/2026 – 11/14/2026');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    expect(await screen.findByRole('table', { name: 'Summary report' })).toBeInTheDocument();
    expect(callsTo(fetch, '/report/summary-report-data')[0]!.search).toBe('?type=summary&start=2026-11-01&end=2026-11-14');
  });

  it('sends an employee to the login page', async () => {
    reportsServer(shellRoutes);
    sessionStore.setToken(fakeToken({ eid: 9, roles: ['employee'] }));
    const { router } = renderRoutes(routes, '/admin/reports');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/reports')}`);
  });
});
