import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { bodiesTo, callsTo, fieldErrors, OPERATOR, queriesTo, systemServer } from '../testing/system-server';
import { bodyRows } from '../testing/tables';
import { ResetPasswordScreen } from './reset-password-screen';

const render = (path = '/sy5tem/resetpwd') => renderWithApp(<ResetPasswordScreen />, { path });

async function find(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^E-mail address/), email);
  await user.click(screen.getByRole('button', { name: 'Find' }));
  return user;
}

describe('Reset Password (/sy5tem/resetpwd)', () => {
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'] })));
  afterEach(() => sessionStore.clear());

  it("finds the user by e-mail and sends the reset link by default, showing the server's message", async () => {
    const { fetch } = systemServer();
    const { router } = render();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(callsTo(fetch, 'GET', '/system/queryuser')).toHaveLength(0);
    const user = await find('Owner@Acme.example');
    const card = await screen.findByRole('region', { name: 'Ann Owner' });
    expect(Object.fromEntries(bodyRows(within(card).getByRole('table', { name: 'The user' })))).toMatchObject({
      Email: 'owner@acme.example',
      Company: 'Acme Insurance',
      Role: 'Admin',
      Status: 'Active',
    });
    expect(queriesTo(fetch, '/system/queryuser')).toEqual([{ email: 'Owner@Acme.example' }]);
    expect(router.state.location.search).toBe('?email=Owner%40Acme.example');

    expect(screen.getByRole('radio', { name: /^Send a reset link/ })).toBeChecked();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('A password reset link was sent to owner@acme.example.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/system/update-password')).toEqual([{ email: 'owner@acme.example', mode: 'link', password: '' }]);
  });

  it('looks the user up at once when the address names them', async () => {
    const { fetch } = systemServer();
    render('/sy5tem/resetpwd?email=owner%40acme.example');
    expect(await screen.findByRole('region', { name: 'Ann Owner' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('owner@acme.example');
    expect(queriesTo(fetch, '/system/queryuser')).toEqual([{ email: 'owner@acme.example' }]);
  });

  it("says 'No user has this e-mail address.' on a 404", async () => {
    systemServer();
    render();
    await find('nobody@nowhere.example');
    expect(await screen.findByRole('alert')).toHaveTextContent('No user has this e-mail address.');
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
  });

  it('asks for a valid address before looking', async () => {
    const { fetch } = systemServer();
    render();
    await find('nope');
    expect(await screen.findByText('Invalid Email address')).toBeInTheDocument();
    expect(callsTo(fetch, 'GET', '/system/queryuser')).toHaveLength(0);
  });

  it('sets a password the user must change at the next sign-in: both typed alike, at least 8 characters', async () => {
    const { fetch } = systemServer();
    render('/sy5tem/resetpwd?email=owner%40acme.example');
    await screen.findByRole('region', { name: 'Ann Owner' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Set a password/ }));
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('Password minimal length is 8')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'longer-secret');
    await user.type(screen.getByLabelText(/^Confirm password/), 'longer-secreT');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/system/update-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'longer-secret');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('The password was changed. Ann must choose a new one at the next sign-in.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/system/update-password')).toEqual([{ email: 'owner@acme.example', mode: 'set', password: 'longer-secret' }]);
  });

  it("shows the server's password rules on the field", async () => {
    systemServer({ more: { 'POST /system/update-password': fieldErrors({ password: ['The password is too common.'] }) } });
    render('/sy5tem/resetpwd?email=owner%40acme.example');
    await screen.findByRole('region', { name: 'Ann Owner' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Set a password/ }));
    await user.type(screen.getByLabelText(/^New password/), 'password1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/The password is too common\./));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
