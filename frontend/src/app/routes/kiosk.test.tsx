import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { NOT_A_KIOSK } from '@/features/kiosk/components/kiosk-screen';
import { KIOSK_STORAGE_KEY } from '@/lib/kiosk';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

function server() {
  return mockFetch({
    'POST /auth/logout': () => response({ status: 204 }),
    'GET /kiosk/roster': () => response({ json: { kioskName: 'Front desk tablet', locationName: 'Main Office', people: [] } }),
    'POST /kiosk/leave': () => response({ json: { left: true } }),
    'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }),
  });
}

const called = (fetch: ReturnType<typeof mockFetch>, path: string) => fetch.mock.calls.filter(([url]) => String(url) === `/server/v1${path}`);

afterEach(() => sessionStore.clear());

describe('/kiosk', () => {
  it("signs out the session of a device that is a kiosk before the kiosk opens (the admin who just opened kiosk mode)", async () => {
    const fetch = server();
    window.localStorage.setItem(KIOSK_STORAGE_KEY, 'kiosk-secret-1');
    const token = fakeToken({ roles: ['admin'] });
    sessionStore.setToken(token);
    renderRoutes(routes, '/kiosk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Main Office' })).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    const logout = called(fetch, '/auth/logout');
    expect(logout).toHaveLength(1);
    expect(new Headers((logout[0]![1] as RequestInit).headers).get('Authorization')).toBe(`Bearer ${token}`);
    // The kiosk's calls started once the session was gone, and carry only the device's credential.
    const roster = called(fetch, '/kiosk/roster');
    expect(new Headers((roster[0]![1] as RequestInit).headers).get('Authorization')).toBe('Kiosk kiosk-secret-1');
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBe('kiosk-secret-1');
  });

  it('keeps the session of a device that is no kiosk, and says how one becomes a kiosk', async () => {
    const fetch = server();
    sessionStore.setToken(fakeToken({ roles: ['admin'] }));
    renderRoutes(routes, '/kiosk');
    expect(await screen.findByText(NOT_A_KIOSK)).toBeInTheDocument();
    expect(sessionStore.get()).not.toBeNull();
    expect(called(fetch, '/auth/logout')).toHaveLength(0);
  });

  it('goes to the login page once an admin leaves kiosk mode', async () => {
    const fetch = server();
    window.localStorage.setItem(KIOSK_STORAGE_KEY, 'kiosk-secret-1');
    const { router } = renderRoutes(routes, '/kiosk');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Leave kiosk mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave kiosk mode' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Admin e-mail' }), 'admin@acme.example');
    await user.type(within(dialog).getByLabelText('Password'), 'right-one');
    await user.click(within(dialog).getByRole('button', { name: 'Leave kiosk mode' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBeNull();
    expect(bodyOf(called(fetch, '/kiosk/leave')[0]![1] as RequestInit)).toEqual({ email: 'admin@acme.example', password: 'right-one' });
  });
});
