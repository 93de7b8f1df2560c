import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { acme, apiError, bodiesTo, callsTo, fieldErrors, json, OPERATOR, queriesTo, systemCharge, systemServer } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { CompanyScreen } from './company-screen';

function ListPage() {
  return <p>The list</p>;
}

const render = (companyId = 7) =>
  renderWithApp(<CompanyScreen companyId={companyId} />, { path: `/sy5tem/company/${companyId}`, routes: [{ path: '/sy5tem/adm1n', element: <ListPage /> }] });

const facts = (name: string) => Object.fromEntries(bodyRows(screen.getByRole('table', { name })).map(([label, value]) => [label, value]));
const actions = () => screen.getByRole('group', { name: 'Company actions' });
const chargesTable = () => screen.getByRole('table', { name: 'Charges' });
const PERIOD = 'Nov 27, 2026 – Dec 26, 2026';

describe('a company (/sy5tem/company/:id)', () => {
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'] })));
  afterEach(() => sessionStore.clear());

  it('shows its facts, admins, billing and first page of charges from one call', async () => {
    const { fetch } = systemServer();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Insurance' })).toBeInTheDocument();
    expect(document.title).toBe('Acme Insurance | Timekeep');
    expect(facts('Company facts')).toMatchObject({
      'Company ID': '7',
      Status: 'Active',
      Created: 'Nov 01, 2026',
      'Time zone': 'America/New_York',
      'Contact e-mail': '—',
      'Active users': '12',
      Employees: '14',
      'Promotion code': 'WELCOME',
    });
    expect(facts('Billing facts')).toEqual({
      Status: 'Active',
      Card: 'Visa ending in 4242, expires 12/2030',
      'Charge day': 'Day 27 of each month',
      'Next charge': 'Dec 27, 2026',
      'Amount due': '$0.00',
      Promotion: 'WELCOME (20% off the first 3 months), 2 charges left',
    });
    const admins = within(screen.getByRole('region', { name: 'Admins' }));
    expect(admins.getByText('Ann Owner')).toBeInTheDocument();
    expect(admins.getByRole('link', { name: 'Impersonate Ann Owner' })).toHaveAttribute('href', '/sy5tem/impersonate?email=owner%40acme.example');
    expect(screen.getByRole('link', { name: 'Its people' })).toHaveAttribute('href', '/sy5tem/employees?companyId=7');

    const table = chargesTable();
    expect(headers(table)).toEqual(['Period', 'Users', 'Base', 'Per user', 'Discount', 'Total', 'Status', 'Failures', 'Next attempt', 'Paid', 'Actions']);
    expect(bodyRows(table)).toEqual([
      [PERIOD, '12', '$8.00', '$3.00', '—', '$44.00', 'Retrying', '1', '11/28/2026 10:00 AM', '—', 'AttemptsRetry'],
      ['Oct 27, 2026 – Nov 26, 2026', '12', '$8.00', '$3.00', '—', '$44.00', 'Paid', '0', '—', '11/27/2026 10:00 AM', 'Attempts'],
    ]);
    expect(queriesTo(fetch, '/system/company')).toEqual([{ id: '7' }]);
    // The first page came with the company.
    expect(callsTo(fetch, 'GET', '/system/charges')).toHaveLength(0);
  });

  it('says billing is not enabled instead of a subscription and charges, on a deployment without it', async () => {
    systemServer();
    renderWithApp(<CompanyScreen companyId={7} billingEnabled={false} />, { path: '/sy5tem/company/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Insurance' })).toBeInTheDocument();
    expect(screen.getByText('Billing is not enabled on this deployment: companies have no subscription or charges here.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Billing facts' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Charges' })).toBeNull();
  });

  it("opens a charge's attempts", async () => {
    const { fetch } = systemServer();
    render();
    const toggle = await screen.findByRole('button', { name: `Attempts: ${PERIOD}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    const attempts = await screen.findByRole('table', { name: `Attempts at the charge of ${PERIOD}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(bodyRows(attempts)).toEqual([['1', 'Scheduled', 'Declined', '11/27/2026 10:00 AM', '11/27/2026 10:00 AM', 'Your card was declined.']]);
    expect(queriesTo(fetch, '/system/charge-attempts')).toEqual([{ chargeId: '41' }]);
  });

  it('retries a declined charge, then reads the charge list again (spec 002 §4)', async () => {
    const { fetch } = systemServer();
    render();
    await screen.findByRole('table', { name: 'Charges' });
    // A paid charge cannot be retried.
    expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: `Retry: ${PERIOD}` }));
    expect(await screen.findByText('The charge was paid.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/system/retry-charge')).toEqual([{ id: 41 }]);
    await waitFor(() => expect(queriesTo(fetch, '/system/charges')).toEqual([{ companyId: '7', page: '1', sort: 'periodStart', order: 'desc' }]));
    await waitFor(() => expect(bodyRows(chargesTable())[0]?.[6]).toBe('Paid'));
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
  });

  it("shows a refused retry's message", async () => {
    systemServer({ more: { 'POST /system/retry-charge': apiError(400, 'refused', 'This charge is already paid.') } });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: `Retry: ${PERIOD}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry This charge is already paid.');
  });

  it('filters and sorts the charges on the server', async () => {
    const { fetch } = systemServer();
    render();
    await screen.findByRole('table', { name: 'Charges' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Charge status' }), 'Failed');
    expect(await screen.findByText('No charges match.')).toBeInTheDocument();
    expect(queriesTo(fetch, '/system/charges')).toEqual([{ companyId: '7', page: '1', sort: 'periodStart', order: 'desc', status: 'failed' }]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Charge status' }), 'All');
    await user.click(within(await screen.findByRole('table', { name: 'Charges' })).getByRole('button', { name: /^Total/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/charges').at(-1)).toEqual({ companyId: '7', page: '1', sort: 'total', order: 'asc' }));
  });

  it("charges today: 'Nothing is due today.' when nothing is", async () => {
    const { fetch } = systemServer();
    render();
    await userEvent.setup().click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Charge today' }));
    expect(await screen.findByTestId('company-notice')).toHaveTextContent('Nothing is due today.');
    expect(bodiesTo(fetch, '/system/charge-today')).toEqual([{ companyId: 7 }]);
  });

  it('says how many charges were made today, paid and declined', async () => {
    systemServer({ more: { 'POST /system/charge-today': json({ created: 2, paid: 1, declined: 1, charges: [] }) } });
    render();
    await userEvent.setup().click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Charge today' }));
    expect(await screen.findByTestId('company-notice')).toHaveTextContent('2 charges were made: 1 paid, 1 declined.');
  });

  it('charges the next month only once confirmed, and shows a refusal', async () => {
    const { fetch } = systemServer();
    render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Charge next' }));
    let dialog = await screen.findByRole('dialog', { name: 'Charge the next month now?' });
    expect(dialog).toHaveTextContent('The charge of the period starting Dec 27, 2026 is made and attempted now');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetch, 'POST', '/system/charge-next')).toHaveLength(0);

    await user.click(within(actions()).getByRole('button', { name: 'Charge next' }));
    dialog = await screen.findByRole('dialog', { name: 'Charge the next month now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Charge next' }));
    expect(await screen.findByTestId('company-notice')).toHaveTextContent('The next charge was made. The charge was paid.');
    expect(bodiesTo(fetch, '/system/charge-next')).toEqual([{ companyId: 7 }]);
  });

  it("shows charge-next's 409", async () => {
    systemServer({ more: { 'POST /system/charge-next': apiError(409, 'conflict', 'A charge was already brought forward today.') } });
    render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Charge next' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Charge next' }));
    expect(await screen.findByTestId('company-notice')).toHaveTextContent('Sorry A charge was already brought forward today.');
  });

  it('suspends (once confirmed) and activates the company', async () => {
    const { fetch } = systemServer();
    render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Suspend' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Suspend Acme Insurance?' })).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByTestId('company-notice')).toHaveTextContent('Acme Insurance is suspended.');
    expect(bodiesTo(fetch, '/system/suspend-company')).toEqual([{ companyId: 7 }]);
    // The company is read again: it is suspended now.
    const activate = await within(actions()).findByRole('button', { name: 'Activate' });
    expect(facts('Company facts').Status).toBe('Suspended');
    await user.click(activate);
    expect(await screen.findByText('Acme Insurance is active again.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/system/active-company')).toEqual([{ companyId: 7 }]);
    expect(await within(actions()).findByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('edits the company: sends every field, blank ones as the contract says', async () => {
    const { fetch } = systemServer();
    render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Edit company' }));
    const form = await screen.findByRole('form', { name: 'Edit company' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Acme Insurance');
    expect(within(form).getByLabelText(/^Promotion code/)).toHaveValue('WELCOME');
    // Not on trial: the trial end is not edited.
    expect(within(form).queryByLabelText(/^Trial end/)).toBeNull();
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Acme Insurance Group');
    await user.type(within(form).getByLabelText(/^Contact e-mail/), 'billing@acme.example');
    await user.clear(within(form).getByLabelText(/^Promotion code/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('company-notice')).toHaveTextContent('The company was saved.');
    expect(bodiesTo(fetch, '/system/update-company')).toEqual([
      { id: 7, name: 'Acme Insurance Group', email: 'billing@acme.example', phone: null, trialEnd: null, promotCode: '' },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Insurance Group' })).toBeInTheDocument();
  });

  it("edits a trial's end, and shows the server's field errors on their fields", async () => {
    const { fetch } = systemServer({
      details: [acme({ status: 'trial', trialEnd: '2026-12-01', billing: null, promotCode: null })],
      more: {
        'POST /system/update-company': fieldErrors({ promotCode: ['This promotion code does not exist.'], trialEnd: ['Choose a day after the sign-up.'] }),
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Edit company' }));
    const form = await screen.findByRole('form', { name: 'Edit company' });
    const trialEnd = within(form).getByLabelText(/^Trial end/);
    expect(trialEnd).toHaveValue('2026-12-01');
    await user.clear(trialEnd);
    await user.type(trialEnd, '2027-01-15');
    await user.type(within(form).getByLabelText(/^Promotion code/), 'NOPE');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This promotion code does not exist.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Promotion code/)).toHaveAccessibleDescription(/This promotion code does not exist\./);
    expect(within(form).getByText('Choose a day after the sign-up.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/system/update-company')).toEqual([{ id: 7, name: 'Acme Insurance', email: null, phone: null, trialEnd: '2027-01-15', promotCode: 'NOPE' }]);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('asks for a name before saving', async () => {
    const { fetch } = systemServer();
    render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Edit company' }));
    const form = await screen.findByRole('form', { name: 'Edit company' });
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the company name.')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/system/update-company')).toHaveLength(0);
  });

  it("deletes only once the company's name is typed exactly, then returns to the list", async () => {
    const { fetch } = systemServer();
    const { router } = render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Delete company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this company?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete company' });
    const name = within(dialog).getByLabelText(/^Company name/);
    expect(confirm).toBeDisabled();
    await user.type(name, 'acme insurance');
    expect(confirm).toBeDisabled();
    await user.type(name, '{Enter}');
    await user.clear(name);
    await user.type(name, 'Acme Insurance');
    expect(confirm).toBeEnabled();
    expect(callsTo(fetch, 'POST', '/system/delete-company')).toHaveLength(0);
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sy5tem/adm1n'));
    expect(router.state.location.state).toEqual({ notice: 'Acme Insurance was deleted.' });
    expect(bodiesTo(fetch, '/system/delete-company')).toEqual([{ companyId: 7, name: 'Acme Insurance' }]);
  });

  it("shows a 410 (already deleted) and the server's refusal of the name", async () => {
    systemServer({ more: { 'POST /system/delete-company': apiError(410, 'gone', 'This company was already deleted.') } });
    const first = render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Delete company' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this company?' });
    await user.type(within(dialog).getByLabelText(/^Company name/), 'Acme Insurance');
    await user.click(within(dialog).getByRole('button', { name: 'Delete company' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This company was already deleted.');
    expect(first.router.state.location.pathname).toBe('/sy5tem/company/7');
    first.unmount();

    systemServer({ more: { 'POST /system/delete-company': fieldErrors({ name: ["Type the company's name exactly to confirm."] }) } });
    render();
    await user.click(within(await screen.findByRole('group', { name: 'Company actions' })).getByRole('button', { name: 'Delete company' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this company?' });
    await user.type(within(dialog).getByLabelText(/^Company name/), 'Acme Insurance');
    await user.click(within(dialog).getByRole('button', { name: 'Delete company' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Company name/)).toHaveAccessibleDescription(/Type the company's name exactly to confirm\.$/));
    expect(within(dialog).getByText("Type the company's name exactly to confirm.", { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
  });

  it('offers no charge actions without billing, and says why', async () => {
    systemServer({ details: [acme({ billing: null })] });
    render();
    expect(await screen.findByTestId('no-billing')).toHaveTextContent('No billing: billing is off, or the company has not subscribed yet.');
    expect(within(actions()).queryByRole('button', { name: 'Charge today' })).toBeNull();
    expect(within(actions()).queryByRole('button', { name: 'Charge next' })).toBeNull();
  });

  it('says a missing or deleted company is not there', async () => {
    systemServer({ charges: [systemCharge(1)] });
    render(99);
    expect(await screen.findByRole('alert')).toHaveTextContent('This company does not exist or was deleted.');
    expect(screen.getByRole('link', { name: '← Customers' })).toHaveAttribute('href', '/sy5tem/adm1n');
  });
});
