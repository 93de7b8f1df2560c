import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { apiError, bodiesTo, callsTo, OPERATOR, systemServer, systemUser } from '../testing/system-server';
import { ImpersonateScreen } from './impersonate-screen';

function Landed() {
  return <p>Landed</p>;
}

const render = (path = '/sy5tem/impersonate') =>
  renderWithApp(<ImpersonateScreen />, {
    path,
    routes: [
      { path: '/admin/dashboard', element: <Landed /> },
      { path: '/clockin', element: <Landed /> },
    ],
  });

describe('Impersonation (/sy5tem/impersonate)', () => {
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'] })));
  afterEach(() => sessionStore.clear());

  it("signs in as the user, stores the answer's token as a login does, and opens the user's home", async () => {
    const { fetch } = systemServer();
    const { router } = render('/sy5tem/impersonate?email=owner%40acme.example');
    expect(screen.getByRole('heading', { level: 1, name: 'Impersonation' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^User's e-mail address/)).toHaveValue('owner@acme.example');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(bodiesTo(fetch, '/system/impersonate')).toEqual([{ email: 'owner@acme.example' }]);
    const session = sessionStore.get();
    expect(session?.identity).toMatchObject({ email: 'owner@acme.example', impersonate: true, roles: ['admin'] });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(session?.token);
    expect(sessionStore.isSsoLogin()).toBe(false);
  });

  it('opens an employee at the clock', async () => {
    const { fetch } = systemServer({ users: [systemUser(9, { email: 'emma@acme.example', role: 'employee', firstname: 'Emma' })] });
    const { router } = render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^User's e-mail address/), 'emma@acme.example');
    await user.click(screen.getByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clockin'));
    expect(callsTo(fetch, 'POST', '/system/impersonate')).toHaveLength(1);
  });

  it("says why it is refused, and keeps the operator's session", async () => {
    const operatorToken = sessionStore.get()?.token;
    systemServer();
    const first = render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^User's e-mail address/), 'gone@acme.example');
    await user.click(screen.getByRole('button', { name: 'Impersonate' }));
    expect(await screen.findByText('No active user has this e-mail address.')).toBeInTheDocument();
    expect(sessionStore.get()?.token).toBe(operatorToken);
    first.unmount();

    systemServer({ more: { 'POST /system/impersonate': apiError(400, 'refused', 'A system operator cannot be impersonated.') } });
    render('/sy5tem/impersonate?email=sam%40op.example');
    await user.click(screen.getByRole('button', { name: 'Impersonate' }));
    expect(await screen.findByText('A system operator cannot be impersonated.')).toBeInTheDocument();
    expect(sessionStore.get()?.token).toBe(operatorToken);
  });

  it('asks for an address first', async () => {
    const { fetch } = systemServer();
    render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Impersonate' }));
    expect(await screen.findByText('Please input the Email')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/system/impersonate')).toHaveLength(0);
  });
});
