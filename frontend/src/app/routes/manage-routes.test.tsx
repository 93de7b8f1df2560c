import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

// Whole screens render here (shell, lazy routes, portals): give them time on a busy machine.

const json = (body: unknown) => () => response({ json: body });
const server = {
  'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }),
  'GET /account/signup-data': json({ authorizationUrl: null }),
  'GET /manage/data': json({ companyName: 'Acme Insurance', integratedWithAz: false, jobRoles: [], managers: [], defaultManagerId: 1 }),
  'GET /manage/employees': json({ employees: [], totalCount: 0, page: 1 }),
  'GET /settings/data': json({ settings: {}, jobroles: [{ id: 2, name: 'Producer', active: true }] }),
};

const signIn = (overrides: Partial<IdentityClaims>) => sessionStore.setToken(fakeToken({ eid: 1, ...overrides }));

describe('HR-folder routes', () => {
  afterEach(() => sessionStore.clear());

  it('opens HR Folders and Settings from the menu of an admin', async () => {
    mockFetch(server);
    signIn({ roles: ['admin'] });
    renderRoutes(routes, '/admin/manage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Insurance' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'HR Folders' })).toHaveAttribute('href', '/admin/manage');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/manage/settings');
  });

  it('serves settings, add-user and add-batch to a manager', async () => {
    mockFetch(server);
    signIn({ roles: ['manager'] });
    const first = renderRoutes(routes, '/admin/manage/settings?tab=4');
    expect(await screen.findByRole('tab', { name: 'Job Roles' })).toBeInTheDocument();
    first.unmount();
    const second = renderRoutes(routes, '/admin/manage/add-user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Employee' })).toBeInTheDocument();
    second.unmount();
    renderRoutes(routes, '/admin/manage/add-batch');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Multiple Employees' })).toBeInTheDocument();
  });

  it('serves the paid holidays page: the actions to an admin, the list to a manager', async () => {
    const holidays = json({ year: 2026, years: [2025, 2026, 2027, 2028, 2029], holidays: [{ id: 1, name: 'Labor Day', holiday: '2026-09-07', year: 2026 }] });
    mockFetch({ ...server, 'GET /holiday/list': holidays });
    signIn({ roles: ['admin'] });
    const first = renderRoutes(routes, '/admin/manage/holidays');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paid Holidays' })).toBeInTheDocument();
    expect(await screen.findByTestId('paid-holiday')).toHaveTextContent('09/07/2026Labor Day');
    expect(screen.getByRole('button', { name: '+ Add Paid Holiday' })).toBeInTheDocument();
    expect(document.title).toBe('Paid Holidays | Timekeep');
    first.unmount();
    signIn({ roles: ['manager'] });
    renderRoutes(routes, '/admin/manage/holidays');
    expect(await screen.findByTestId('paid-holiday')).toHaveTextContent('Labor Day');
    expect(screen.queryByRole('button', { name: /Add Paid Holiday|Edit|Delete/ })).toBeNull();
  });

  it('serves the AgencyZoom import to an admin and sends a manager home', async () => {
    mockFetch({ ...server, 'GET /manage/import-agencyzoom': json({ available: true, integrated: false, importedPeople: 0 }) });
    signIn({ roles: ['admin'] });
    const first = renderRoutes(routes, '/admin/manage/import-agencyzoom');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import from AgencyZoom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import now' })).toBeInTheDocument();
    first.unmount();

    signIn({ roles: ['manager'] });
    const { router } = renderRoutes(routes, '/admin/manage/import-agencyzoom');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it("serves PTO Allocation to an admin from HR Folders' Allocate PTO, and sends a manager home", async () => {
    const allocation = json({
      year: 2026,
      years: [2026, 2027],
      types: [{ id: 1, name: 'Sick', color: '#e03131' }],
      employees: [{ employeeId: 9, firstname: 'Emma', lastname: 'Brooks', jobRole: null, ptoPolicyId: 3, ptoPlanName: 'Standard', types: [{ ptoTypeId: 1, startingBalance: 720 }] }],
    });
    mockFetch({ ...server, 'GET /pto-manage/allocation': allocation });
    signIn({ roles: ['admin'] });
    const first = renderRoutes(routes, '/admin/manage');
    const link = await screen.findByRole('link', { name: 'Allocate PTO' });
    expect(link).toHaveAttribute('href', '/admin/manage/batch-pto');
    link.click();
    expect(await screen.findByRole('heading', { level: 1, name: 'PTO Allocation' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Sick hours for Emma Brooks' })).toHaveValue('12');
    expect(first.router.state.location.pathname).toBe('/admin/manage/batch-pto');
    first.unmount();

    signIn({ roles: ['manager'] });
    const second = renderRoutes(routes, '/admin/manage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Insurance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Allocate PTO' })).toBeNull();
    second.unmount();
    const { router } = renderRoutes(routes, '/admin/manage/batch-pto');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('sends an employee to /login?redirect= and answers a bad id with the not-found text', async () => {
    mockFetch(server);
    signIn({ roles: ['employee'] });
    const { router, unmount } = renderRoutes(routes, '/admin/manage/view-user/9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fmanage%2Fview-user%2F9');
    unmount();

    signIn({ roles: ['admin'] });
    renderRoutes(routes, '/admin/manage/view-user/abc');
    expect(await screen.findByText('Sorry, we could not find the page you are looking for.')).toBeInTheDocument();
  });
});
