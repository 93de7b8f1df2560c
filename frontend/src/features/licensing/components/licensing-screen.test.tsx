import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { callsTo, complianceRow, licensingServer, REFERENCE, stateRule, TODAY } from '../testing/licensing-server';
import { LicensingScreen } from './licensing-screen';

const folderPath = (id: number) => `/admin/manage/view-user/${id}?tab=6`;

const ROWS = [
  complianceRow(),
  complianceRow({ employeeId: 12, name: 'Liam Carter', npn: '555', state: 'TX', licenceId: 23, number: 'TX-2', status: 'due_soon', expiresOn: '2027-01-10', reason: 'Expires on 2027-01-10.' }),
  complianceRow({ employeeId: 14, name: 'Zoe Young', npn: '777', state: 'CA', licenceId: 24, number: 'CA-3', lines: ['property'], status: 'expired', reason: 'Licence expired on 2026-10-31.' }),
];

const rowNames = () => screen.getAllByTestId('compliance-row').map((row) => within(row).getByRole('link').textContent);
const lastQuery = (fetch: ReturnType<typeof licensingServer>['fetch'], path: string) => Object.fromEntries(callsTo(fetch, 'GET', path).at(-1)!.url.searchParams);

describe('/admin/manage/licensing', () => {
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  it('lists the producers by state with their status, the counts, and the red banner when one has expired', async () => {
    licensingServer({ rows: ROWS });
    renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Licensing' })).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Ana Ruiz', 'Liam Carter', 'Zoe Young']));
    expect(screen.getByRole('link', { name: 'Zoe Young' })).toHaveAttribute('href', '/admin/manage/view-user/14?tab=6');
    expect(screen.getByTestId('count-due_soon')).toHaveTextContent('Due soon: 1');
    expect(screen.getByTestId('count-expired')).toHaveTextContent('Expired: 1');
    expect(screen.getByTestId('compliance-expired')).toHaveTextContent('A licence has expired');
    expect(screen.getAllByTestId('compliance-row')[2]).toHaveTextContent('Licence expired on 2026-10-31.');
  });

  it('pages the rows a hundred at a time, asking the server for the page, and starts again at the first on a new filter', async () => {
    const many = Array.from({ length: 150 }, (_, index) =>
      complianceRow({ employeeId: 100 + index, name: `Producer ${String(index).padStart(3, '0')}`, licenceId: 1000 + index, number: `TX-${index}` }),
    );
    const { fetch } = licensingServer({ rows: many });
    renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />);
    await waitFor(() => expect(rowNames()).toHaveLength(100));
    expect(rowNames()[0]).toBe('Producer 000');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowNames()).toHaveLength(50));
    expect(rowNames()[0]).toBe('Producer 100');
    expect(lastQuery(fetch, '/licensing/compliance')).toEqual({ page: '2' });
    const filters = screen.getByRole('search', { name: 'Filters' });
    await user.click(within(filters).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => expect(lastQuery(fetch, '/licensing/compliance')).toEqual({ status: 'active' }));
    await waitFor(() => expect(rowNames()).toHaveLength(100));
  });

  it('filters by state, status, line and a search, asking the server with only what is chosen', async () => {
    const { fetch } = licensingServer({ rows: ROWS });
    renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(lastQuery(fetch, '/licensing/compliance')).toEqual({});
    const user = userEvent.setup();
    const filters = screen.getByRole('search', { name: 'Filters' });
    await user.click(within(filters).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Due soon' }));
    await waitFor(() => expect(rowNames()).toEqual(['Liam Carter']));
    expect(lastQuery(fetch, '/licensing/compliance')).toEqual({ status: 'due_soon' });
    // Nothing expired among the rows shown: no banner.
    expect(screen.queryByTestId('compliance-expired')).toBeNull();

    await user.click(filters.querySelector<HTMLElement>('button[aria-label="Clear the status"]')!);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(within(filters).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'California (CA)' }));
    await waitFor(() => expect(rowNames()).toEqual(['Zoe Young']));
    expect(lastQuery(fetch, '/licensing/compliance')).toEqual({ state: 'CA' });
    await user.click(within(filters).getByRole('combobox', { name: 'Line' }));
    await user.click(await screen.findByRole('option', { name: 'Life' }));
    await waitFor(() => expect(screen.getByTestId('no-compliance-rows')).toHaveTextContent('No licence matches these filters.'));
    expect(lastQuery(fetch, '/licensing/compliance')).toEqual({ state: 'CA', line: 'life' });
  });

  it('searches after a pause, and exports the same filters as CSV and XLSX', async () => {
    const { fetch } = licensingServer({ rows: ROWS });
    renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), ' carter ');
    await waitFor(() => expect(rowNames()).toEqual(['Liam Carter']));
    expect(lastQuery(fetch, '/licensing/compliance')).toEqual({ q: 'carter' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('licensing-compliance.csv');
    expect(lastQuery(fetch, '/licensing/compliance/export')).toEqual({ q: 'carter', format: 'csv' });
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(lastQuery(fetch, '/licensing/compliance/export')).toEqual({ q: 'carter', format: 'xlsx' });
  });

  it("answers 'Who may sell?' for a state and line, today unless another day is chosen", async () => {
    const { fetch } = licensingServer({ rows: ROWS });
    renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />);
    const panel = await screen.findByRole('region', { name: 'Who may sell?' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Check' }));
    expect(within(panel).getByText('Choose a US state.')).toBeInTheDocument();
    expect(within(panel).getByText('Please choose the line')).toBeInTheDocument();
    await user.click(within(panel).getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'Texas (TX)' }));
    await user.click(within(panel).getByRole('combobox', { name: /^Line/ }));
    await user.click(await screen.findByRole('option', { name: 'Life' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Carrier' }), 'Acme');
    await user.click(within(panel).getByRole('button', { name: 'Check' }));
    expect(await within(panel).findByTestId('may-sell-people')).toHaveTextContent('Ana Ruiz · licence 1234567 · expires 05/31/2027 · Acme Life');
    expect(within(panel).getByTestId('may-sell-others')).toHaveTextContent('Liam Carter · Not appointed in TX.');
    expect(lastQuery(fetch, '/licensing/may-sell')).toEqual({ state: 'TX', line: 'life', on: TODAY, carrier: 'Acme' });
  });

  it('imports a CSV: the count, and the lines it could not take; a file without the columns is refused on the field', async () => {
    licensingServer();
    renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />, { path: '/?tab=4' });
    const tab = await screen.findByTestId('licence-import');
    expect(within(tab).getByTestId('import-columns')).toHaveTextContent('email, npn, resident_state, state, licence_number');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(within(tab).getByRole('button', { name: 'Import' }));
    expect(within(tab).getByText('Please choose the CSV file')).toBeInTheDocument();
    await user.upload(within(tab).getByTestId('import-file-input'), new File(['email\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(within(tab).getByRole('button', { name: 'Import' }));
    expect(await within(tab).findByText('The file has no column licence_number, expires_on.')).toBeInTheDocument();
    await user.upload(within(tab).getByTestId('import-file-input'), new File(['email\n'], 'licences.csv', { type: 'text/csv' }));
    await user.click(within(tab).getByRole('button', { name: 'Import' }));
    expect(await within(tab).findByTestId('import-summary')).toHaveTextContent('18 imported');
    expect(within(tab).getAllByTestId('import-error').map((row) => row.textContent)).toEqual(['4Unknown state code "XX".', '9No employee with the e-mail x@example.com.']);
  });

  it('keeps E&O money in dollars on screen and cents on the wire; managers read it and see no admin tabs', async () => {
    const { fetch } = licensingServer({ eo: [{ id: 3, carrier: 'Lloyds', policyNumber: 'EO-7', perClaimCents: 100_000_000, aggregateCents: 200_000_000, expiresOn: '2027-03-01' }] });
    const admin = renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />, { path: '/?tab=2' });
    expect(await screen.findByTestId('eo-row')).toHaveTextContent('LloydsEO-7$1,000,000.00$2,000,000.00');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Lloyds EO-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit E&O policy' });
    const perClaim = within(dialog).getByRole('textbox', { name: /^Per claim/ });
    expect(perClaim).toHaveValue('1000000.00');
    await user.clear(perClaim);
    await user.type(perClaim, '1,500,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit E&O policy' })).toBeNull());
    expect(bodyOf(callsTo(fetch, 'POST', '/licensing/eo')[0]!.init)).toEqual({
      id: 3,
      carrier: 'Lloyds',
      policyNumber: 'EO-7',
      perClaimCents: 150_000_000,
      aggregateCents: 200_000_000,
      expiresOn: '2027-03-01',
    });
    admin.unmount();

    renderWithApp(<LicensingScreen isAdmin={false} folderPath={folderPath} today={TODAY} />, { path: '/?tab=3' });
    // An admin's tab asked for by a manager: the compliance instead.
    expect(await screen.findByTestId('compliance')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'State rules' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Import' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'E&O policies' }));
    expect(await screen.findByTestId('eo-row')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it("lists the state rules; a changed one goes back to the product's after the question", async () => {
    const { fetch } = licensingServer({
      routes: {
        'GET /licensing/reference': () => response({ json: { ...REFERENCE, states: [...REFERENCE.states.filter((rule) => rule.state !== 'TX'), stateRule({ state: 'TX', name: 'Texas', hoursTotal: 30, edited: true })] } }),
        'POST /licensing/states/reset': () => response({ json: stateRule({ state: 'TX', name: 'Texas' }) }),
      },
    });
    renderWithApp(<LicensingScreen isAdmin folderPath={folderPath} today={TODAY} />, { path: '/?tab=3' });
    const rules = await screen.findAllByTestId('state-rule');
    expect(rules.map((row) => row.textContent?.slice(0, 10))).toEqual(['California', 'Texas (TX)']);
    expect(rules[0]).toHaveTextContent('Flood 3 h');
    expect(rules[1]).toHaveTextContent('Changed');
    expect(rules[1]).toHaveTextContent('30 h');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit the rule of TX' }));
    const dialog = await screen.findByRole('dialog', { name: 'CE rule of Texas' });
    expect(within(dialog).getByRole('textbox', { name: /^Total hours/ })).toHaveValue('30');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Reset the rule of CA' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reset the rule of TX' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset the rule of TX?' })).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/licensing/states/reset')).toHaveLength(1));
    expect(bodyOf(callsTo(fetch, 'POST', '/licensing/states/reset')[0]!.init)).toEqual({ state: 'TX' });
  });
});
