import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { forgetEmbeddingOrigins, LOGOUT_MESSAGE } from '@/lib/embed';
import { outboxStore } from '@/lib/outbox-idb';
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

afterEach(async () => {
  sessionStore.clear();
  forgetEmbeddingOrigins();
  await outboxStore().clear();
});

/** A clock press of `eid` kept on the phone, not sent yet (issue 39). */
const unsentPress = (eid: number, key: string) =>
  outboxStore().add({
    key,
    eid,
    email: `${eid}@example.com`,
    action: 'start',
    trackingNumber: null,
    startKey: null,
    deviceTime: new Date().toISOString(),
    serverOffsetMs: 0,
    createdAt: Date.now(),
    attempts: 0,
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

  it('asks first when clock presses wait on the phone, and keeps them when the person signs out', async () => {
    const fetch = server([CRM]);
    sessionStore.setToken(fakeToken({ roles: ['employee'], eid: 7 }));
    await unsentPress(7, 'k1');
    await unsentPress(7, 'k2');
    // Another person's press on the same phone is not theirs to count.
    await unsentPress(8, 'k3');
    const { router } = renderRoutes(routes, '/logout');
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveTextContent('2 presses on this phone are not sent yet. If you sign out, they stay here and are sent when you sign in again.');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/auth/logout'))).toBe(false);
    expect(sessionStore.get()).not.toBeNull();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.get()).toBeNull();
    expect(await outboxStore().list(7)).toHaveLength(2);
  });

  it('stays signed in on Cancel', async () => {
    const fetch = server([CRM]);
    sessionStore.setToken(fakeToken({ roles: ['employee'], eid: 7 }));
    await unsentPress(7, 'k1');
    const { router } = renderRoutes(routes, '/logout');
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveTextContent('1 press on this phone is not sent yet. If you sign out, it stays here and is sent when you sign in again.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/logout'));
    expect(sessionStore.get()).not.toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/auth/logout'))).toBe(false);
  });
});
