import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { forgetEmbeddingOrigins, LOGOUT_MESSAGE } from '@/lib/embed';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const CRM = 'http://127.0.0.1:4711';

function server(origins: string[]) {
  return mockFetch({
    'POST /auth/logout': () => response({ status: 204 }),
    'GET /account/embedding': () => response({ json: { origins } }),
    'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }),
  });
}

afterEach(() => {
  sessionStore.clear();
  forgetEmbeddingOrigins();
});

describe('/logout', () => {
  it('ends the session and goes to the login page', async () => {
    const fetch = server([CRM]);
    sessionStore.setToken(fakeToken({ roles: ['employee'] }));
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    const { router } = renderRoutes(routes, '/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/auth/logout'))).toBe(true);
    expect(sessionStore.get()).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it("inside a frame tells the embedding page at the session's origin, and stays", async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    server([CRM]);
    sessionStore.setToken(fakeToken({ roles: ['employee'], origin: CRM }));
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    const { router } = renderRoutes(routes, '/logout');
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(post.mock.calls).toEqual([[LOGOUT_MESSAGE, CRM]]);
    expect(router.state.location.pathname).toBe('/logout');
    expect(sessionStore.get()).toBeNull();
  });
});
