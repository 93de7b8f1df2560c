import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

describe('/verify-email', () => {
  afterEach(() => sessionStore.clear());

  it('verifies, shows the success text and goes to /login after 3 seconds', async () => {
    const fetch = mockFetch({
      'POST /account/verify-email': () => response({ json: { message: 'Your email is validated. You can now login. Thank you!' } }),
      'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }),
    });
    const { router } = renderRoutes(routes, '/verify-email?token=tok&me=YUBiLmNv');
    expect(await screen.findByText('Your email is validated. You can now login. Thank you!')).toBeInTheDocument();
    // The spec's text says 'You can now login': the way to do it is right under it.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 45_000 });
    const calls = fetch.mock.calls.filter(([url]) => String(url).endsWith('/account/verify-email'));
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]![1]!)).toEqual({ token: 'tok', me: 'YUBiLmNv' });
  });

  it("shows 'Error: {message}' when the link is bad", async () => {
    mockFetch({
      'POST /account/verify-email': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'invalid_token', message: 'This verification link is invalid or has expired.', errors: {} } }),
    });
    renderRoutes(routes, '/verify-email?token=bad&me=YUBiLmNv');
    expect(await screen.findByText('Error: This verification link is invalid or has expired.')).toBeInTheDocument();
  });

  it('with a security token logs in and goes to the clock screen with ?man=1&sectoken=, asking for a password', async () => {
    const fetch = mockFetch({
      'POST /auth/login': () => response({ json: { token: fakeToken({ roles: ['employee'], hasHashPassword: false }) } }),
      'GET /auth/login-data': () => response({ json: { companyName: 'Acme' } }),
    });
    const { router } = renderRoutes(routes, '/verify-email?token=t&me=YUBiLmNv&securityToken=sec');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clockin'));
    expect(router.state.location.search).toBe('?man=1&sectoken=sec');
    const login = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/login'));
    expect(bodyOf(login![1]!)).toEqual({ base64Email: 'YUBiLmNv', securityToken: 'sec' });
    expect(await screen.findByRole('dialog', { name: 'Create Password' })).toBeInTheDocument();
  });
});
