import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { SSO_WINDOW_NAME } from '@/lib/sso';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const withSso = { 'GET /account/signup-data': () => response({ json: { authorizationUrl: 'http://localhost:3000/server/v1/v4sso/authorize' } }) };
const post = (data: unknown, origin = window.location.origin) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

describe('/signup with single sign-on', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStore.clear();
  });

  it('offers no SSO signup without an authorization URL', async () => {
    mockFetch({ 'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }) });
    renderRoutes(routes, '/signup');
    await screen.findByRole('button', { name: 'Start Free Trial' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign up with single sign-on' })).toBeNull());
  });

  it('opens the popup to sign up, then signs the new admin up with the handle and what the form holds', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const token = fakeToken({ roles: ['admin'], hasHashPassword: false });
    const fetch = mockFetch({
      ...withSso,
      'POST /account/signup': () => response({ status: 201, statusText: 'Created', json: { message: 'Welcome to Timekeep! Your company is ready.', email: 'grace@navy.example', token } }),
    });
    const { router } = renderRoutes(routes, '/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Company/), 'Hopper Agency');
    await user.click(await screen.findByRole('button', { name: 'Sign up with single sign-on' }));
    expect(open).toHaveBeenCalledWith('http://localhost:3000/server/v1/v4sso/authorize?purpose=signup', SSO_WINDOW_NAME, expect.any(String));

    // Another origin's message is not heard.
    post({ type: 'sso-access-token', ssoAccessToken: 'forged' }, 'https://evil.example');
    post({ type: 'sso-access-token', ssoAccessToken: 'handle-1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const calls = fetch.mock.calls.filter(([url]) => String(url).endsWith('/account/signup'));
    expect(calls).toHaveLength(1);
    const body = bodyOf(calls[0]![1]!) as Record<string, unknown>;
    expect(body).toMatchObject({ scenario: 'sso', ssoLogin: true, ssoAccessToken: 'handle-1', company: 'Hopper Agency', token: '', website: '' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('firstname');
    expect(sessionStore.get()?.token).toBe(token);
    expect(sessionStore.isSsoLogin()).toBe(true);
  });

  it('signs in someone whose provider account already has an admin', async () => {
    const token = fakeToken({ roles: ['employee'] });
    mockFetch(withSso);
    const { router } = renderRoutes(routes, '/signup');
    await screen.findByRole('button', { name: 'Sign up with single sign-on' });
    post({ type: 'sso-success', token });
    await waitFor(() => expect(router.state.location.pathname).toBe('/clockin'));
  });

  it('shows the SSO failure text when the sign-in or the handle fails', async () => {
    mockFetch({
      ...withSso,
      'POST /account/signup': () => response({ status: 400, statusText: 'Bad Request', json: { code: 'sso_failed', message: 'There was some error while doing SSO. Please try again later.', errors: {} } }),
    });
    renderRoutes(routes, '/signup');
    await screen.findByRole('button', { name: 'Sign up with single sign-on' });
    post('sso-failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('There was some error while doing SSO. Please try again later.');
    post({ type: 'sso-access-token', ssoAccessToken: 'spent' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('There was some error while doing SSO. Please try again later.'));
    expect(sessionStore.get()).toBeNull();
  });

  it("puts the server's field errors on the form (the provider had no names)", async () => {
    mockFetch({
      ...withSso,
      'POST /account/signup': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Enter First Name', errors: { firstname: ['Enter First Name'] } } }),
    });
    renderRoutes(routes, '/signup');
    await screen.findByRole('button', { name: 'Sign up with single sign-on' });
    post({ type: 'sso-access-token', ssoAccessToken: 'handle-2' });
    expect(await screen.findByText('Enter First Name')).toBeInTheDocument();
  });

  it('redeems a handle the callback page brought back when popups were blocked', async () => {
    const token = fakeToken({ roles: ['admin'] });
    const fetch = mockFetch({
      ...withSso,
      'GET /v4sso/auth-callback': () => response({ json: { loginSucceeded: false, ssoFailed: false, ssoAccessToken: 'handle-3' } }),
      'POST /account/signup': () => response({ status: 201, statusText: 'Created', json: { message: 'Welcome', email: 'a@b.co', token } }),
    });
    const { router } = renderRoutes(routes, '/v4sso/auth-callback?code=c&state=s');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/account/signup'));
    expect(bodyOf(call![1]!)).toMatchObject({ ssoAccessToken: 'handle-3' });
  });
});
