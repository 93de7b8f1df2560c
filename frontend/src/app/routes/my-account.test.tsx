import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { apiError, billingServer, json, subscribedData, trialData } from '@/features/billing/testing/billing-server';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const ADMIN: Partial<IdentityClaims> = { roles: ['admin'], hasHrSubscription: true };
const SUSPENDED_ADMIN: Partial<IdentityClaims> = { ...ADMIN, suspended: true };
const signIn = (claims: Partial<IdentityClaims>) => sessionStore.setToken(fakeToken(claims));
const menuLinks = () => within(screen.getByRole('navigation', { name: 'Main menu' })).getAllByRole('link');

describe('/admin/manage/my-account', () => {
  afterEach(() => sessionStore.clear());

  it("is an admin's Billing, marked in the menu", async () => {
    billingServer({ data: trialData() });
    signIn(ADMIN);
    renderRoutes(routes, '/admin/manage/my-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate Subscription' })).toBeInTheDocument();
    const current = menuLinks().filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Billing']);
    expect(current[0]).toHaveAttribute('href', '/admin/manage/my-account');
  });

  it('sends a manager home and an employee to the login page', async () => {
    billingServer();
    signIn({ roles: ['manager'], hasHrSubscription: true });
    const first = renderRoutes(routes, '/admin/manage/my-account');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/admin/dashboard'));
    first.unmount();

    billingServer({ more: { 'GET /account/signup-data': json({ authorizationUrl: null }) } });
    signIn({ roles: ['employee'], hasHrSubscription: true });
    const second = renderRoutes(routes, '/admin/manage/my-account');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/login'));
  });

  it('is the only screen and menu entry of a suspended admin: any other screen leads there', async () => {
    billingServer({ data: subscribedData({ status: 'suspended', amountDue: 3500 }) });
    signIn(SUSPENDED_ADMIN);
    const { router } = renderRoutes(routes, '/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/my-account'));
    expect(router.state.location.search).toBe('?supended=1');
    expect(await screen.findByText(/This account has been suspended\. Please update your company's payment method/)).toBeInTheDocument();
    expect(menuLinks().map((link) => link.textContent)).toEqual(['Billing']);

    await router.navigate('/admin/manage/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage/my-account'));
  });

  it('lets a reactivated admin out again: the new card brings a session without the suspended flag', async () => {
    billingServer({
      data: subscribedData(),
      more: {
        'POST /myaccount/update-card': json({ card: null, reactivated: true, message: 'Your payment method has been updated.' }),
        'POST /auth/login': json({ token: fakeToken(ADMIN), identity: {} }),
        'GET /dashboard/data': apiError(500, 'internal', 'x'),
      },
    });
    signIn(SUSPENDED_ADMIN);
    const { router } = renderRoutes(routes, '/admin/manage/my-account?session_id=cs_9&action=update-card');
    expect(await screen.findByText('Welcome back! Your account is active again.')).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.get()?.identity.suspended).toBe(false));
    await waitFor(() => expect(menuLinks().map((link) => link.textContent)).toContain('Dashboard'));
    await router.navigate('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('signs out 2 seconds after the account is cancelled', async () => {
    billingServer({
      more: {
        'POST /myaccount/cancel': json({ message: 'Your account has been cancelled.' }),
        // The server has ended every session of the company already.
        'POST /auth/logout': apiError(401, 'unauthorized', 'Please log in.'),
        'GET /account/signup-data': json({ authorizationUrl: null }),
      },
    });
    signIn(ADMIN);
    const { router } = renderRoutes(routes, '/admin/manage/my-account');
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('region', { name: 'Cancel Account' })).getByRole('button', { name: 'Cancel Account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Cancel Account' }));
    expect(await screen.findByText('Your account has been cancelled.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/manage/my-account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 45_000 });
    expect(sessionStore.get()).toBeNull();
  });
});
