import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { SSO_WINDOW_NAME } from '@/lib/sso';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const CALLBACK = '/v4sso/auth-callback?code=the-code&state=the-state&iss=http%3A%2F%2Fidp.example';
const answer = (json: unknown) => () => response({ json });
const refused = () =>
  response({ status: 400, statusText: 'Bad Request', json: { code: 'sso_failed', message: 'This sign-in has expired or was started elsewhere. Please try again.', errors: {} } });

const setOpener = (value: unknown) => Object.defineProperty(window, 'opener', { configurable: true, writable: true, value });

/** Runs the page as the popup a login or signup page opened. */
function inPopup() {
  const opener = { postMessage: vi.fn() };
  window.name = SSO_WINDOW_NAME;
  setOpener(opener);
  const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  return { opener, close };
}

describe('/v4sso/auth-callback', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.name = '';
    setOpener(null);
    sessionStore.clear();
  });

  it("forwards the provider's query, then posts the token to the opener's origin only and closes after 200 ms", async () => {
    const { opener, close } = inPopup();
    const token = fakeToken({ roles: ['admin'] });
    const fetch = mockFetch({ 'GET /v4sso/auth-callback': answer({ loginSucceeded: true, ssoFailed: false, token }) });
    renderRoutes(routes, CALLBACK);
    expect(await screen.findByText('Checking authorization...')).toBeInTheDocument();
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalledWith({ type: 'sso-success', token }, window.location.origin));
    const url = new URL(String(fetch.mock.calls[0]![0]), window.location.origin);
    expect(Object.fromEntries(url.searchParams)).toEqual({ code: 'the-code', state: 'the-state', iss: 'http://idp.example' });
    expect(close).not.toHaveBeenCalled();
    await waitFor(() => expect(close).toHaveBeenCalled());
    // The popup's own storage is left alone: the opener signs in.
    expect(sessionStore.get()).toBeNull();
  });

  it("posts 'sso-failed' for a refused sign-in and for no match", async () => {
    const { opener, close } = inPopup();
    mockFetch({ 'GET /v4sso/auth-callback': refused });
    const first = renderRoutes(routes, CALLBACK);
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalledWith('sso-failed', window.location.origin));
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    first.unmount();

    opener.postMessage.mockClear();
    mockFetch({ 'GET /v4sso/auth-callback': answer({ loginSucceeded: false, ssoFailed: true, message: 'Oops! …' }) });
    renderRoutes(routes, CALLBACK);
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalledWith('sso-failed', window.location.origin));
    await waitFor(() => expect(close).toHaveBeenCalledTimes(2));
  });

  it('passes a signup handle to the opener', async () => {
    const { opener, close } = inPopup();
    mockFetch({ 'GET /v4sso/auth-callback': answer({ loginSucceeded: false, ssoFailed: false, ssoAccessToken: 'handle-1', email: 'a@b.co' }) });
    renderRoutes(routes, CALLBACK);
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith({ type: 'sso-access-token', ssoAccessToken: 'handle-1' }, window.location.origin),
    );
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('not in a popup: stores the login and goes on as a login does', async () => {
    const token = fakeToken({ roles: ['admin'] });
    mockFetch({ 'GET /v4sso/auth-callback': answer({ loginSucceeded: true, ssoFailed: false, token }) });
    const { router } = renderRoutes(routes, CALLBACK);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(sessionStore.get()?.token).toBe(token);
    expect(sessionStore.isSsoLogin()).toBe(true);
  });

  it('not in a popup: a failure goes to /login?ssoFailed=1', async () => {
    mockFetch({ 'GET /v4sso/auth-callback': refused, 'GET /account/signup-data': answer({ authorizationUrl: null }) });
    const { router } = renderRoutes(routes, CALLBACK);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?ssoFailed=1'));
    expect(await screen.findByText(/^Oops! We were unable to find a user/)).toBeInTheDocument();
  });
});
