import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { isoDateIn } from '@/lib/dates';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import type { IdentityClaims } from '@/lib/identity';

const loginData = { 'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }) };

function signIn(overrides: Partial<IdentityClaims>) {
  sessionStore.setToken(fakeToken(overrides));
}

const dayOffset = (days: number) => isoDateIn(new Date(Date.now() + days * 86_400_000), 'America/New_York');

describe('the signed-in shell', () => {
  afterEach(() => sessionStore.clear());

  it('sends a visitor of a protected screen to /login?redirect=', async () => {
    mockFetch({ 'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }) });
    const { router } = renderRoutes(routes, '/change-my-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fchange-my-password');
  });

  it('sends an employee away from an admin screen to /login?redirect={current path}', async () => {
    mockFetch({ 'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }) });
    signIn({ roles: ['employee'] });
    const { router } = renderRoutes(routes, '/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fdashboard');
  });

  it('redirects a signed-in visitor of / by role, keeping the query string', async () => {
    mockFetch(loginData);
    signIn({ roles: ['manager'] });
    const { router } = renderRoutes(routes, '/?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('shows the greeting with the first name, the company and the menu of an admin', async () => {
    mockFetch(loginData);
    signIn({ roles: ['admin'], firstname: 'Ada' });
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByTestId('greeting')).toHaveTextContent(/^Good (Morning|Afternoon|Evening), Ada$/);
    expect(await screen.findByText('Acme Insurance')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Clock' })).toBeNull();
    expect(document.title).toBe('Dashboard | Timekeep');
  });

  it('shows an employee the Clock entry, and the avatar menu with Log out', async () => {
    mockFetch(loginData);
    signIn({ roles: ['employee'], hasHashPassword: false });
    renderRoutes(routes, '/clockin');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Clock' })).toHaveAttribute('href', '/clockin');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    await userEvent.setup().click(screen.getByTestId('account-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Create Password' })).toHaveAttribute('href', '/change-my-password');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('hides Log out while impersonating', async () => {
    mockFetch(loginData);
    signIn({ roles: ['admin'], impersonate: true });
    renderRoutes(routes, '/admin/dashboard');
    await userEvent.setup().click(await screen.findByTestId('account-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Log out' })).toBeNull();
  });

  it('shows the trial reminder with the billing link to admins', async () => {
    mockFetch(loginData);
    signIn({ roles: ['admin'], trialEnd: dayOffset(2) });
    renderRoutes(routes, '/admin/dashboard');
    const reminder = await screen.findByTestId('trial-reminder');
    expect(reminder).toHaveTextContent('Your free trial is expiring in 2 day(s).');
    expect(within(reminder).getByRole('link')).toHaveAttribute('href', '/admin/manage/my-account');
  });

  it('asks other people to tell the account owner', async () => {
    mockFetch(loginData);
    signIn({ roles: ['employee'], trialEnd: dayOffset(0) });
    renderRoutes(routes, '/clockin');
    const reminder = await screen.findByTestId('trial-reminder');
    expect(reminder).toHaveTextContent('Your free trial is expiring in 0 day(s). Please tell the account owner');
    expect(within(reminder).queryByRole('link')).toBeNull();
  });

  it('shows no reminder with more than 3 days left, and the fixed expired banner once past', async () => {
    mockFetch(loginData);
    signIn({ roles: ['admin'], trialEnd: dayOffset(4) });
    const first = renderRoutes(routes, '/admin/dashboard');
    await screen.findByTestId('greeting');
    expect(screen.queryByTestId('trial-reminder')).toBeNull();
    expect(screen.queryByTestId('expired-banner')).toBeNull();
    first.unmount();

    signIn({ roles: ['admin'], trialEnd: dayOffset(-2) });
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByTestId('expired-banner')).toHaveTextContent('This account has expired! Please active your subscription.');
  });

  it('shows a suspended employee only the suspended message', async () => {
    mockFetch(loginData);
    signIn({ roles: ['employee'], suspended: true });
    renderRoutes(routes, '/clockin');
    expect(await screen.findByTestId('suspended')).toHaveTextContent(
      "This account has been suspended, please notify account admin to login and update your company's payment method.",
    );
    expect(screen.queryByRole('link', { name: 'Clock' })).toBeNull();
  });

  it('goes to the login page when the session ends while a screen is open', async () => {
    mockFetch({ ...loginData, 'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }) });
    signIn({ roles: ['employee'] });
    const { router } = renderRoutes(routes, '/clockin');
    await screen.findByTestId('greeting');
    sessionStore.clear();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fclockin');
  });

  it('renders the not-found page for unknown paths', async () => {
    mockFetch({});
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByText('Sorry, we could not find the page you are looking for.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });
});

describe('/change-my-password', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.useRealTimers();
  });

  it("is 'Change Password' with the old password field when the person has a password", async () => {
    mockFetch(loginData);
    signIn({ hasHashPassword: true });
    renderRoutes(routes, '/change-my-password');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Old Password/)).toBeInTheDocument();
  });

  it("is 'Create Password' without it otherwise, and goes to / two seconds after success", async () => {
    const newToken = fakeToken({ hasHashPassword: true, firstname: 'Renewed' });
    mockFetch({ ...loginData, 'POST /auth/change-my-password': () => response({ json: { token: newToken, identity: {} } }) });
    signIn({ hasHashPassword: false });
    const { router } = renderRoutes(routes, '/change-my-password');
    expect(await screen.findByRole('heading', { name: 'Create Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Old Password/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New Password/), 'newpassword');
    await user.type(screen.getByLabelText(/Retype New Password/), 'newpassword');
    await user.click(screen.getByRole('button', { name: 'Create Password' }));
    expect(await screen.findByText('Your password has been successfully created...')).toBeInTheDocument();
    expect(sessionStore.get()?.token).toBe(newToken);
    await waitFor(() => expect(router.state.location.pathname).toBe('/clockin'), { timeout: 4000 });
  });

  it("shows 'Sorry {message}' on a failure that is not a validation error", async () => {
    mockFetch({
      ...loginData,
      'POST /auth/change-my-password': () =>
        response({ status: 429, statusText: 'Too Many Requests', json: { code: 'too_many_requests', message: 'Too many requests.', errors: {} } }),
    });
    signIn({ hasHashPassword: true });
    renderRoutes(routes, '/change-my-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Old Password/), 'oldpassword');
    await user.type(screen.getByLabelText(/^New Password/), 'newpassword');
    await user.type(screen.getByLabelText(/Retype New Password/), 'newpassword');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Too many requests.');
  });
});
