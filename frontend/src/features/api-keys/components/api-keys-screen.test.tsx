import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { apiKey, apiKeysServer, callsTo, SECRET, validation } from '../testing/api-keys-server';
import { ApiKeysScreen } from './api-keys-screen';

const ZONE = 'America/New_York';

const PAYROLL = apiKey({
  id: 3,
  name: 'Payroll sync',
  prefix: 'tk_5e6f7a8b',
  scopes: ['people:read', 'time:read'],
  createdByName: 'Ann Admin',
  createdAt: '2026-11-30T15:04:05Z',
  // The end of 12/31/2026 in New York.
  expiresAt: '2027-01-01T05:00:00Z',
  lastUsedAt: '2026-12-01T14:15:00Z',
  lastUsedIp: '203.0.113.9',
});
const ROBOT = apiKey({
  id: 2,
  name: 'Spreadsheet robot',
  prefix: 'tk_11223344',
  scopes: ['reports:read', 'time:write'],
  createdByName: null,
  createdAt: '2026-06-01T12:00:00Z',
  expiresAt: '2026-10-01T04:00:00Z',
  status: 'expired',
});
const OLD = apiKey({
  id: 1,
  name: 'Old agency system',
  prefix: 'tk_99887766',
  scopes: ['time_off:write'],
  createdAt: '2026-01-05T17:30:00Z',
  lastUsedAt: '2026-02-01T10:00:00Z',
  lastUsedIp: '198.51.100.7',
  revokedAt: '2026-03-01T12:00:00Z',
  status: 'revoked',
});

const rows = () => screen.queryAllByTestId('api-key');
const rowOf = (name: string) => rows().find((row) => within(row).getByTestId('api-key-name').textContent === name) ?? null;

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create key' }));
  return screen.findByRole('dialog', { name: 'Create an API key' });
}

describe('/admin/manage/api-keys', () => {
  it('lists the keys: name, prefix, scopes by their labels, who made them and when, the last day, the last use and the status', async () => {
    const { fetch } = apiKeysServer({ keys: [PAYROLL, ROBOT, OLD] });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    expect(screen.getByRole('heading', { level: 1, name: 'API Keys' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(callsTo(fetch, 'GET', '/api-keys')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'API Keys' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Prefix', 'Scopes', 'Created', 'Expires', 'Last used', 'Status', 'Actions']);

    const payroll = rowOf('Payroll sync')!;
    expect(within(payroll).getByTestId('api-key-prefix')).toHaveTextContent('tk_5e6f7a8b');
    expect(within(payroll).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Read people', 'Read time']);
    // 15:04 UTC is 10:04 AM in New York.
    expect(within(payroll).getByTestId('api-key-created')).toHaveTextContent('Ann Admin11/30/2026 10:04 AM');
    // The key works through the end of its last day: 05:00 UTC on Jan 1 is midnight in New York.
    expect(within(payroll).getByTestId('api-key-expires')).toHaveTextContent('End of 12/31/2026');
    expect(within(payroll).getByTestId('api-key-last-used')).toHaveTextContent('12/01/2026 09:15 AM');
    expect(within(payroll).getByTestId('api-key-last-ip')).toHaveTextContent('from 203.0.113.9');
    expect(within(payroll).getByTestId('api-key-status')).toHaveTextContent('Active');
    expect(within(payroll).getByRole('button', { name: 'Revoke Payroll sync' })).toBeInTheDocument();

    const robot = rowOf('Spreadsheet robot')!;
    expect(within(robot).getByTestId('api-key-scopes')).toHaveTextContent('Read reportsWrite time');
    expect(within(robot).getByTestId('api-key-created')).toHaveTextContent('Erased person06/01/2026 08:00 AM');
    expect(within(robot).getByTestId('api-key-expires')).toHaveTextContent('End of 09/30/2026');
    expect(within(robot).getByTestId('api-key-last-used')).toHaveTextContent('Never');
    expect(within(robot).getByTestId('api-key-status')).toHaveTextContent('Expired');
    expect(within(robot).queryByRole('button')).toBeNull();

    const old = rowOf('Old agency system')!;
    expect(within(old).getByTestId('api-key-scopes')).toHaveTextContent('Write time off');
    expect(within(old).getByTestId('api-key-expires')).toHaveTextContent('Never');
    expect(within(old).getByTestId('api-key-last-used')).toHaveTextContent('02/01/2026 05:00 AM');
    expect(within(old).getByTestId('api-key-last-ip')).toHaveTextContent('from 198.51.100.7');
    expect(within(old).getByTestId('api-key-status')).toHaveTextContent('Revoked');
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('says when there is no key yet, and shows a refusal of the list', async () => {
    apiKeysServer();
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    expect(await screen.findByTestId('api-keys-empty')).toHaveTextContent('There is no API key yet.');
    expect(screen.queryByRole('table')).toBeNull();

    apiKeysServer({
      routes: { 'GET /api-keys': () => response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'Admins only.', errors: {} } }) },
    });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Admins only.');
  });

  it('checks the name and the scopes before asking the server, in its words', async () => {
    const { created } = apiKeysServer({ keys: [PAYROLL] });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    // The scopes the server offers, by their labels.
    const choices = within(dialog).getAllByRole('checkbox').map((box) => box.closest('.mantine-Checkbox-root')?.textContent);
    expect(choices).toEqual(['Read people', 'Read time', 'Write time', 'Read time off', 'Write time off', 'Read reports']);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(expect.stringContaining('Please name the key'));
    expect(within(dialog).getByRole('group', { name: /^Scopes/ })).toHaveAccessibleDescription(expect.stringContaining('Please choose at least one scope'));
    expect(created).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create an API key' })).toBeNull());
  });

  it("shows the server's 400 on the fields it names", async () => {
    // The server's today is later than the browser's: the chosen day is no longer after it.
    const { created } = apiKeysServer({ keys: [PAYROLL], today: '2100-01-01' });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Agency system');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read time off' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Expiry date' }), '12/31/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const expiry = within(dialog).getByRole('textbox', { name: 'Expiry date' });
    await waitFor(() => expect(expiry).toHaveAccessibleDescription(expect.stringContaining('The expiry must be after today')));
    expect(created).toEqual([{ name: 'Agency system', scopes: ['time_off:read'], expiresOn: '2099-12-31' }]);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).not.toHaveAccessibleDescription(expect.stringContaining('Please'));
    expect(within(dialog).queryByTestId('form-error')).toBeNull();
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  it("puts each of the server's field errors on its field, and one about no field above the buttons", async () => {
    apiKeysServer({
      keys: [PAYROLL],
      routes: {
        'POST /api-keys': () =>
          validation({
            name: ['The name may not contain control characters'],
            scopes: ['There is no scope "time:delete"'],
            expiresOn: ['Please enter a date as YYYY-MM-DD'],
            request: ['This request is not valid.'],
          }),
      },
    });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Robot');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read reports' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(expect.stringContaining('The name may not contain control characters')));
    expect(within(dialog).getByRole('textbox', { name: 'Expiry date' })).toHaveAccessibleDescription(expect.stringContaining('Please enter a date as YYYY-MM-DD'));
    expect(within(dialog).getByRole('group', { name: /^Scopes/ })).toHaveAccessibleDescription(expect.stringContaining('There is no scope "time:delete"'));
    expect(within(dialog).getByTestId('form-error')).toHaveTextContent('Sorry This request is not valid.');
  });

  it("shows a refusal of support acting as the admin above the form's buttons", async () => {
    apiKeysServer({
      keys: [PAYROLL],
      routes: {
        'POST /api-keys': () =>
          response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'Support cannot change this while acting as the user.', errors: {} } }),
      },
    });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Payroll sync 2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read people' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent('Sorry Support cannot change this while acting as the user.');
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  it('creates a key and shows its secret once, with a copy button; then it is gone from the page', async () => {
    const { created } = apiKeysServer({ keys: [OLD] });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Payroll sync ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read people' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'API key created' });
    // No expiry chosen: none sent.
    expect(created).toEqual([{ name: 'Payroll sync', scopes: ['people:read', 'time:read'] }]);
    expect(screen.queryByRole('dialog', { name: 'Create an API key' })).toBeNull();
    expect(shown).toHaveTextContent('Payroll sync is ready.');
    expect(within(shown).getByText('You will not see it again')).toBeInTheDocument();
    expect(within(shown).getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy the secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The list asked again: the new key on top, active, never used, its prefix only.
    await waitFor(() => expect(rows()).toHaveLength(2));
    const payroll = rows()[0]!;
    expect(within(payroll).getByTestId('api-key-name')).toHaveTextContent('Payroll sync');
    expect(within(payroll).getByTestId('api-key-prefix')).toHaveTextContent('tk_0a1b2c3d');
    expect(within(payroll).getByTestId('api-key-scopes')).toHaveTextContent('Read peopleRead time');
    expect(within(payroll).getByTestId('api-key-last-used')).toHaveTextContent('Never');
    expect(within(payroll).getByTestId('api-key-status')).toHaveTextContent('Active');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'API key created' })).toBeNull());
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('sends the last day chosen as YYYY-MM-DD and shows it', async () => {
    const { created } = apiKeysServer();
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await screen.findByTestId('api-keys-empty');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Agency system');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write time off' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Expiry date' }), '12/31/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'API key created' });
    expect(created).toEqual([{ name: 'Agency system', scopes: ['time_off:write'], expiresOn: '2099-12-31' }]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByTestId('api-key-expires')).toHaveTextContent('End of 12/31/2099');
  });

  it('revokes a key only after the question is answered', async () => {
    const { fetch } = apiKeysServer({ keys: [PAYROLL, OLD] });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Revoke Payroll sync' }));
    let question = await screen.findByRole('dialog', { name: 'Revoke Payroll sync?' });
    expect(question).toHaveTextContent('Payroll sync stops working at once');
    // The safe answer has the focus.
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke Payroll sync?' })).toBeNull());
    expect(callsTo(fetch, 'POST', '/api-keys/revoke')).toHaveLength(0);
    expect(within(rowOf('Payroll sync')!).getByTestId('api-key-status')).toHaveTextContent('Active');

    await user.click(screen.getByRole('button', { name: 'Revoke Payroll sync' }));
    question = await screen.findByRole('dialog', { name: 'Revoke Payroll sync?' });
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(rowOf('Payroll sync')!).getByTestId('api-key-status')).toHaveTextContent('Revoked'));
    const calls = callsTo(fetch, 'POST', '/api-keys/revoke');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ id: '3' });
    expect(within(rowOf('Payroll sync')!).queryByRole('button', { name: 'Revoke Payroll sync' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke Payroll sync?' })).toBeNull());
    // The answer is the list: nothing asked again.
    expect(callsTo(fetch, 'GET', '/api-keys')).toHaveLength(1);
  });

  it("shows why a key could not be revoked", async () => {
    apiKeysServer({ keys: [PAYROLL], routes: { 'POST /api-keys/revoke': () => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'This API key was not found.', errors: {} } }) } });
    renderWithApp(<ApiKeysScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revoke Payroll sync' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke Payroll sync?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Sorry This API key was not found.');
    expect(within(rowOf('Payroll sync')!).getByTestId('api-key-status')).toHaveTextContent('Active');
  });
});
