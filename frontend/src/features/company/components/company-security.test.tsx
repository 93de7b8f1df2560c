import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { CompanySecuritySettings } from './company-security';

type Handler = Parameters<typeof mockFetch>[0][string];

const calls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === '/server/v1/company/security' && init?.method === 'POST').map(([, init]) => bodyOf(init!));

describe("Company Profile's Security", () => {
  it('turns on, and off, "Admins and managers must use two-factor sign-in"', async () => {
    let saved = false;
    const fetch = mockFetch({
      'GET /company/security': () => response({ json: { twoFactorRequired: saved } }),
      'POST /company/security': ({ body }) => {
        saved = (JSON.parse(String(body)) as { twoFactorRequired: boolean }).twoFactorRequired;
        return response({ json: { twoFactorRequired: saved } });
      },
    });
    renderWithApp(<CompanySecuritySettings />);
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Admins and managers must use two-factor sign-in' });
    expect(toggle).not.toBeChecked();

    const user = userEvent.setup();
    await user.click(toggle);
    expect(await screen.findByText('Admins and managers now sign in with two-factor sign-in.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(calls(fetch)).toEqual([{ twoFactorRequired: true }]);

    await user.click(toggle);
    expect(await screen.findByText('Two-factor sign-in is no longer required; those who have it on keep it.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(calls(fetch)).toEqual([{ twoFactorRequired: true }, { twoFactorRequired: false }]);
  });

  it('shows a refusal and keeps the switch where the server has it', async () => {
    const refuse: Handler = () =>
      response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'Only the account admin can do this.', errors: {} } });
    mockFetch({ 'GET /company/security': () => response({ json: { twoFactorRequired: true } }), 'POST /company/security': refuse });
    renderWithApp(<CompanySecuritySettings />);
    const toggle = await screen.findByRole('switch', { name: 'Admins and managers must use two-factor sign-in' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.setup().click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Only the account admin can do this.');
    expect(toggle).toBeChecked();
  });
});
