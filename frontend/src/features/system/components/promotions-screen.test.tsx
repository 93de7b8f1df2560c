import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { mockFetch } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { bodiesTo, callsTo, fieldErrors, OPERATOR, promot, queriesTo, systemServer } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { PromotionsScreen } from './promotions-screen';

const render = () => renderWithApp(<PromotionsScreen />, { path: '/sy5tem/promot' });

const PROMOTS = [promot(1), promot(2, { code: 'FIVEOFF', description: '', percentOff: null, amountOff: 500, months: null, expiresOn: null, companies: 0 })];

async function openNew() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New promotion code' }));
  return { user, form: await screen.findByRole('form', { name: 'New promotion code' }) };
}

describe('Promotions (/sy5tem/promot)', () => {
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'] })));
  afterEach(() => sessionStore.clear());

  it('lists the codes with their discount, reach and use, newest first', async () => {
    const { fetch } = systemServer({ promots: PROMOTS });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Promotions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Promotion codes' });
    expect(headers(table)).toEqual(['Code', 'Description', 'Discount', 'Applies to', 'Expires', 'Created', 'Companies', 'Actions']);
    expect(bodyRows(table)).toEqual([
      ['WELCOME', '20% off the first 3 months', '20% off', '3 months', 'Mar 31, 2027', 'Nov 01, 2026', '2', 'EditDelete'],
      ['FIVEOFF', '—', '$5.00 off', 'Every charge', 'Never', 'Nov 01, 2026', '0', 'EditDelete'],
    ]);
    expect(queriesTo(fetch, '/system/promots')).toEqual([{ page: '1', sort: 'createdAt', order: 'desc' }]);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /^Code/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/promots').at(-1)).toEqual({ page: '1', sort: 'code', order: 'asc' }));
    await user.type(screen.getByRole('searchbox', { name: 'Code or description' }), 'five');
    await waitFor(() => expect(queriesTo(fetch, '/system/promots').at(-1)).toEqual({ page: '1', sort: 'code', order: 'asc', q: 'five' }));
  });

  it('creates a percent-off code for some months', async () => {
    const { fetch } = systemServer({ promots: PROMOTS });
    render();
    const { user, form } = await openNew();
    await user.type(within(form).getByLabelText(/^Code/), 'spring-26');
    await user.type(within(form).getByLabelText(/^Description/), 'Spring offer');
    await user.type(within(form).getByRole('textbox', { name: /^Percent off/ }), '15');
    await user.type(within(form).getByLabelText(/^Months/), '6');
    await user.type(within(form).getByLabelText(/^Expires on/), '2027-05-31');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('promot-notice')).toHaveTextContent('SPRING-26 was saved.');
    expect(bodiesTo(fetch, '/system/save-promot')).toEqual([
      { code: 'SPRING-26', description: 'Spring offer', percentOff: 15, amountOff: null, months: 6, expiresOn: '2027-05-31' },
    ]);
    expect(callsTo(fetch, 'POST', '/system/update-promot')).toHaveLength(0);
    // The list is read again.
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Promotion codes' })).map((row) => row[0])).toEqual(['SPRING-26', 'WELCOME', 'FIVEOFF']));
  });

  it('creates an amount-off code: dollars typed, whole cents sent, blanks as null', async () => {
    const { fetch } = systemServer({ promots: PROMOTS });
    render();
    const { user, form } = await openNew();
    await user.type(within(form).getByLabelText(/^Code/), 'TENOFF');
    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    expect(within(form).queryByRole('textbox', { name: /^Percent off/ })).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: /^Amount off/ }), '10.29');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('promot-notice');
    expect(bodiesTo(fetch, '/system/save-promot')).toEqual([{ code: 'TENOFF', description: '', percentOff: null, amountOff: 1029, months: null, expiresOn: null }]);
  });

  it('checks the fields first, then shows the server’s errors on their fields', async () => {
    const { fetch } = systemServer({
      promots: PROMOTS,
      more: { 'POST /system/save-promot': fieldErrors({ code: ['This promotion code already exists.'], percentOff: ['Give either a percent or an amount off.'] }) },
    });
    render();
    const { user, form } = await openNew();
    await user.type(within(form).getByLabelText(/^Code/), 'x!');
    await user.type(within(form).getByRole('textbox', { name: /^Percent off/ }), '150');
    await user.type(within(form).getByLabelText(/^Months/), '40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A code is 3 to 32 letters, digits, - or _.')).toBeInTheDocument();
    expect(within(form).getByText('The discount must be between 1 and 100 percent.')).toBeInTheDocument();
    expect(within(form).getByText('Between 1 and 36 charges, or blank for every charge.')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/system/save-promot')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^Code/));
    await user.type(within(form).getByLabelText(/^Code/), 'WELCOME');
    await user.clear(within(form).getByRole('textbox', { name: /^Percent off/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Percent off/ }), '20');
    await user.clear(within(form).getByLabelText(/^Months/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Code/)).toHaveAccessibleDescription(/This promotion code already exists\./));
    expect(within(form).getByRole('textbox', { name: /^Percent off/ })).toHaveAccessibleDescription(/Give either a percent or an amount off\./);
    expect(bodiesTo(fetch, '/system/save-promot')).toHaveLength(1);
  });

  it('puts an error on the discount not shown on the one shown', async () => {
    systemServer({ promots: PROMOTS, more: { 'POST /system/save-promot': fieldErrors({ percentOff: ['Give either a percent or an amount off.'] }) } });
    render();
    const { user, form } = await openNew();
    await user.type(within(form).getByLabelText(/^Code/), 'TENOFF');
    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    await user.type(within(form).getByRole('textbox', { name: /^Amount off/ }), '10');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Amount off/ })).toHaveAccessibleDescription(/Give either a percent or an amount off\./));
  });

  it('edits a code with update-promot, its id and every field', async () => {
    const { fetch } = systemServer({ promots: PROMOTS });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit FIVEOFF' }));
    const form = await screen.findByRole('form', { name: 'Edit FIVEOFF' });
    expect(within(form).getByRole('radio', { name: 'Amount off' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /^Amount off/ })).toHaveValue('5.00');
    await user.clear(within(form).getByRole('textbox', { name: /^Amount off/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Amount off/ }), '7.5');
    await user.type(within(form).getByLabelText(/^Months/), '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('promot-notice')).toHaveTextContent('FIVEOFF was saved.');
    expect(bodiesTo(fetch, '/system/update-promot')).toEqual([{ id: 2, code: 'FIVEOFF', description: '', percentOff: null, amountOff: 750, months: 2, expiresOn: null }]);
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Promotion codes' }))[1]?.slice(2, 4)).toEqual(['$7.50 off', '2 months']));
  });

  it('deletes a code once confirmed, and shows the 409 of a code in use', async () => {
    const { fetch } = systemServer({ promots: PROMOTS });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete WELCOME' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('promot-notice')).toHaveTextContent('Sorry This code is used by 2 companies and cannot be deleted.');
    expect(bodiesTo(fetch, '/system/delete-promot')).toEqual([{ id: 1 }]);

    await user.click(screen.getByRole('button', { name: 'Delete FIVEOFF' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(fetch, '/system/delete-promot')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete FIVEOFF' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('FIVEOFF was deleted.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/system/delete-promot')).toEqual([{ id: 1 }, { id: 2 }]);
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Promotion codes' }))).toHaveLength(1));
  });

  it('shows the companies that use a code', async () => {
    const { fetch } = systemServer({ promots: PROMOTS });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Companies using WELCOME: 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Companies using WELCOME' });
    const table = await within(dialog).findByRole('table', { name: 'Companies using WELCOME' });
    expect(bodyRows(table)).toEqual([['Acme Insurance', 'Nov 02, 2026', '2 charges left']]);
    expect(within(table).getByRole('link', { name: 'Acme Insurance' })).toHaveAttribute('href', '/sy5tem/company/7');
    expect(queriesTo(fetch, '/system/promot-companies')).toEqual([{ code: 'WELCOME' }]);
  });

  it("says so when there are no codes", async () => {
    systemServer({ promots: [] });
    render();
    expect(await screen.findByText('There are no promotion codes yet.')).toBeInTheDocument();
  });

  it('says plainly that billing is off, asking the server nothing', async () => {
    const fetch = mockFetch({});
    renderWithApp(<PromotionsScreen billingEnabled={false} />, { path: '/sy5tem/promot' });
    expect(await screen.findByText('Billing is not enabled on this deployment, so there are no promotion codes to manage.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
