import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

describe('/confirm-email', () => {
  afterEach(() => sessionStore.clear());

  it('confirms the new address once, signs this browser out and offers the login page', async () => {
    sessionStore.setToken(fakeToken({ roles: ['employee'] }));
    const fetch = mockFetch({
      'POST /account/confirm-email-change': () =>
        response({ json: { message: 'Your sign-in email is now new@a.co. Please log in with it.', email: 'new@a.co' } }),
      'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }),
    });
    renderRoutes(routes, '/confirm-email?token=tok');
    expect(await screen.findByText('Your sign-in email is now new@a.co. Please log in with it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    const calls = fetch.mock.calls.filter(([url]) => String(url).endsWith('/account/confirm-email-change'));
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]![1]!)).toEqual({ token: 'tok' });
    expect(sessionStore.get()).toBeNull();
  });

  it("shows the server's reason when the link is used or superseded", async () => {
    mockFetch({
      'POST /account/confirm-email-change': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'invalid_token', message: 'This link is invalid or has expired.', errors: {} } }),
    });
    renderRoutes(routes, '/confirm-email?token=old');
    expect(await screen.findByText('Error: This link is invalid or has expired.')).toBeInTheDocument();
  });
});
