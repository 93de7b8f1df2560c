import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { callsTo, fieldErrors, file, json, ptoReport, reportsServer, summaryReport, TODAY } from '../testing/reports-server';
import { ReportsScreen } from './reports-screen';

const render = (today = TODAY) => renderWithApp(<ReportsScreen today={today} />);

/** The text of each cell of a table's body rows. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

const firstColumn = (table: HTMLElement) => bodyRows(table).map((cells) => cells[0]);

async function runReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Run report' }));
}

/** Downloads: object URLs and the clicked link that saves the file. */
let saved: { name: string; href: string }[] = [];

describe('the reports screen', () => {
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:report/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('runs the summary report of the pay period for everyone and shows the rows with the server totals', async () => {
    const fetch = reportsServer();
    render();
    const user = userEvent.setup();
    // The pay period is the default range; nothing is asked before 'Run report'.
    expect(await screen.findByText('11/01/2026 – 11/14/2026')).toBeInTheDocument();
    expect(callsTo(fetch, '/report/summary-report-data')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();

    await runReport(user);
    const table = await screen.findByRole('table', { name: 'Summary report' });
    const [call] = callsTo(fetch, '/report/summary-report-data');
    expect(call!.search).toBe('?type=summary&start=2026-11-01&end=2026-11-14');

    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Employee', 'Status', 'Regular', 'Overtime', 'Double Time', 'Vacation', 'Sick', 'Holiday', 'Subtotal',
    ]);
    // The server's order until a header is clicked; terminated people are marked.
    expect(bodyRows(table)).toEqual([
      ['Liam Carter', 'Active', '70.50', '2.25', '0.00', '0.00', '4.00', '8.00', '84.75'],
      ['Emma Brooks', 'Active', '80.00', '0.33', '1.50', '16.00', '0.00', '8.00', '105.83'],
      ['Zoe Young (terminated)', 'Terminated', '12.75', '0.00', '0.00', '0.00', '0.00', '0.00', '12.75'],
    ]);
    // The totals are the server's, not the rows added up (163.25 regular hours here).
    const totals = screen.getByTestId('totals-row');
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Total');
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '999.99', '2.58', '1.50', '16.00', '4.00', '16.00', '1038.57']);

    expect(screen.getByTestId('filter-summary')).toHaveTextContent('Summary report · 11/01/2026 – 11/14/2026 · Everyone');
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('sorts by a column when its header is clicked, and back the other way on a second click', async () => {
    reportsServer();
    render();
    const user = userEvent.setup();
    await runReport(user);
    const table = await screen.findByRole('table', { name: 'Summary report' });
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });

    await user.click(within(table).getByRole('button', { name: 'Employee' }));
    expect(firstColumn(table)).toEqual(['Emma Brooks', 'Liam Carter', 'Zoe Young (terminated)']);
    expect(header('Employee')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(table).getByRole('button', { name: 'Regular' }));
    expect(firstColumn(table)).toEqual(['Zoe Young (terminated)', 'Liam Carter', 'Emma Brooks']);
    expect(header('Regular')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Employee')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(table).getByRole('button', { name: 'Regular' }));
    expect(firstColumn(table)).toEqual(['Emma Brooks', 'Liam Carter', 'Zoe Young (terminated)']);
    expect(header('Regular')).toHaveAttribute('aria-sort', 'descending');

    // A type of time off sorts too; the totals stay below the rows.
    await user.click(within(table).getByRole('button', { name: 'Sick' }));
    await user.click(within(table).getByRole('button', { name: 'Sick' }));
    expect(firstColumn(table)[0]).toBe('Liam Carter');
    const rows = within(table).getAllByRole('row');
    expect(rows.at(-1)).toBe(screen.getByTestId('totals-row'));
  });

  it('runs the timesheet report for the chosen employees: a section each, then the grand total', async () => {
    const fetch = reportsServer();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Report type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Timesheet' }));
    await user.click(screen.getByLabelText('Employees', { selector: 'input' }));
    // Sorted by last name; terminated people are marked.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Emma Brooks', 'Liam Carter', 'Zoe Young (terminated)']);
    await user.click(screen.getByRole('option', { name: 'Zoe Young (terminated)' }));
    await user.click(screen.getByRole('option', { name: 'Emma Brooks' }));
    await runReport(user);

    const sections = await screen.findAllByTestId('report-section');
    const [call] = callsTo(fetch, '/report/timesheet-report-data');
    expect(call!.search).toBe('?type=timesheet&start=2026-11-01&end=2026-11-14&empids=11%2C9');
    expect(call!.searchParams.get('empids')).toBe('11,9');

    expect(sections).toHaveLength(2);
    const emma = within(sections[0]!).getByRole('table', { name: 'Shifts of Emma Brooks' });
    expect(bodyRows(emma)).toEqual([
      ['11/02/2026', '09:03 AM', '05:33 PM', '30 min', '8.00'],
      ['11/03/2026', '10:00 PM', '11/04/2026 06:15 AM', '—', '8.25'],
    ]);
    expect(within(emma).getByTestId('employee-total')).toHaveTextContent('16.25');
    expect(within(emma).getByTestId('employee-overtime')).toHaveTextContent('0.00');
    expect(within(emma).getByTestId('employee-double-time')).toHaveTextContent('0.25');
    const zoe = within(sections[1]!).getByRole('table', { name: 'Shifts of Zoe Young (terminated)' });
    expect(bodyRows(zoe)).toEqual([['11/05/2026', '08:00 AM', '—', '1 hr 15 min', '1.67']]);

    // Sorting one employee's shifts by hours, most first.
    await user.click(within(emma).getByRole('button', { name: 'Hours' }));
    await user.click(within(emma).getByRole('button', { name: 'Hours' }));
    expect(firstColumn(emma)).toEqual(['11/03/2026', '11/02/2026']);

    const grand = screen.getByRole('table', { name: 'Grand total' });
    expect(bodyRows(grand)).toEqual([
      ['Emma Brooks', '16.25', '0.00', '0.25'],
      ['Zoe Young (terminated)', '1.67', '0.00', '0.00'],
    ]);
    expect(within(grand).getByTestId('totals-row')).toHaveTextContent('Total17.920.000.25');
    expect(screen.getByTestId('filter-summary')).toHaveTextContent('Timesheet report · 11/01/2026 – 11/14/2026 · Zoe Young (terminated), Emma Brooks');
  });

  it('runs the PTO report: each employee’s approved requests and hours by type, then the totals by type', async () => {
    const fetch = reportsServer();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Report type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'PTO' }));
    await runReport(user);
    const requests = await screen.findByRole('table', { name: 'Time off of Emma Brooks' });
    expect(callsTo(fetch, '/report/pto-report-data')[0]!.search).toBe('?type=pto&start=2026-11-01&end=2026-11-14');
    expect(bodyRows(requests)).toEqual([
      ['Vacation', '11/09/2026 – 11/10/2026', '16.00'],
      ['Sick', '11/12/2026 09:00 AM – 11:30 AM', '2.50'],
    ]);
    expect(within(requests).getAllByTestId('employee-type-total').map((r) => r.textContent)).toEqual(['Vacation16.00', 'Sick2.50']);
    expect(within(requests).getByTestId('employee-total')).toHaveTextContent('Total18.50');

    const totals = screen.getByRole('table', { name: 'Totals by type' });
    expect(bodyRows(totals)).toEqual([
      ['Vacation', '16.00'],
      ['Sick', '2.50'],
    ]);
    await user.click(within(totals).getByRole('button', { name: 'Type' }));
    expect(firstColumn(totals)).toEqual(['Sick', 'Vacation']);
    expect(within(totals).getByTestId('totals-row')).toHaveTextContent('Total18.50');
  });

  it("says 'No data' when the report has no rows", async () => {
    reportsServer({ 'GET /report/pto-report-data': json(ptoReport({ employees: [], totals: { byType: [], totalMinutes: 0, totalHours: 0 } })) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Report type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'PTO' }));
    await runReport(user);
    expect(await screen.findByTestId('report-empty')).toHaveTextContent('No data');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for both dates before sending anything', async () => {
    const fetch = reportsServer();
    render();
    const user = userEvent.setup();
    await screen.findByText('11/01/2026 – 11/14/2026');
    await user.click(screen.getByRole('button', { name: 'Clear the dates' }));
    await runReport(user);
    expect(await screen.findByText('Please choose a start and end date (YYYY-MM-DD)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(callsTo(fetch, '/report/summary-report-data')).toHaveLength(0);
    expect(callsTo(fetch, '/report/export')).toHaveLength(0);
  });

  it("shows the server's per-field errors on the filter", async () => {
    reportsServer({
      'GET /report/summary-report-data': fieldErrors({
        end: ['Please choose an end date after the start date, within 366 days'],
        empids: ['Please choose employees by their ids'],
      }),
    });
    render();
    const user = userEvent.setup();
    await runReport(user);
    expect(await screen.findByText('Please choose an end date after the start date, within 366 days')).toBeInTheDocument();
    expect(screen.getByText('Please choose employees by their ids')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a refusal without field errors above the report', async () => {
    reportsServer({
      'GET /report/summary-report-data': () =>
        new Response(JSON.stringify({ code: 'not_found', message: 'Not found', errors: {} }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    });
    render();
    await runReport(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });

  it('says the generic text when the server fails', async () => {
    reportsServer({ 'GET /report/summary-report-data': () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }) });
    render();
    await runReport(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went horribly wrong!');
  });

  it('exports the filter’s report as CSV and XLSX', async () => {
    const fetch = reportsServer({ 'GET /report/export': file('timekeep-pto-2026-11-01-2026-11-14.xlsx') });
    const token = fakeToken({ eid: 2, roles: ['manager'] });
    sessionStore.setToken(token);
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Report type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'PTO' }));
    await user.click(screen.getByLabelText('Employees', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Liam Carter' }));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo(fetch, '/report/export')[0]!.search).toBe('?type=pto&start=2026-11-01&end=2026-11-14&empids=12&format=csv');
    const init = fetch.mock.calls.find(([url]) => String(url).startsWith('/server/v1/report/export'))![1]!;
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${token}`);
    expect(saved[0]).toEqual({ name: 'timekeep-pto-2026-11-01-2026-11-14.xlsx', href: 'blob:report/1' });

    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(callsTo(fetch, '/report/export')).toHaveLength(2));
    expect(callsTo(fetch, '/report/export')[1]!.searchParams.get('format')).toBe('xlsx');
    // No report was run for any of it.
    expect(callsTo(fetch, '/report/pto-report-data')).toHaveLength(0);
  });

  it('downloads the payroll file of the last closed pay period, or the one picked, whatever the range, and names it on the button', async () => {
    const fetch = reportsServer();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Employees', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Liam Carter' }));
    // The range is the current period; the payroll file is the last closed one.
    expect(screen.getByText('11/01/2026 – 11/14/2026')).toBeInTheDocument();
    const picker = screen.getByLabelText('Payroll pay period', { selector: 'input' });
    await waitFor(() => expect(picker).toHaveValue('10/18/2026 – 10/31/2026'));
    await user.click(screen.getByRole('button', { name: 'Download payroll file (10/18/2026 – 10/31/2026)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo(fetch, '/report/payroll-export')[0]!.search).toBe('?start=2026-10-18&end=2026-10-31&empids=12');
    expect(saved[0]!.name).toBe('timekeep-payroll-2026-10-18-2026-10-31.csv');

    // The list: the current period marked, then the closed ones, newest first.
    await user.click(picker);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '11/01/2026 – 11/14/2026 (current)',
      '10/18/2026 – 10/31/2026',
      '10/04/2026 – 10/17/2026',
    ]);
    await user.click(screen.getByRole('option', { name: '10/04/2026 – 10/17/2026' }));
    // Without any dates in the filter the payroll file still goes: its period is its own.
    await user.click(screen.getByRole('button', { name: 'Clear the dates' }));
    await user.click(screen.getByRole('button', { name: 'Download payroll file (10/04/2026 – 10/17/2026)' }));
    await waitFor(() => expect(callsTo(fetch, '/report/payroll-export')).toHaveLength(2));
    expect(callsTo(fetch, '/report/payroll-export')[1]!.search).toBe('?start=2026-10-04&end=2026-10-17&empids=12');
    expect(screen.queryByText('Please choose a start and end date (YYYY-MM-DD)')).toBeNull();
  });

  it('downloads the same pay period for the same employees in Gusto’s layout from its own button', async () => {
    const fetch = reportsServer({
      'GET /report/payroll-export': (init) =>
        new URL(init.url, 'http://x').searchParams.get('layout') === 'gusto'
          ? file('timekeep-gusto-hours-2026-10-18-2026-10-31.csv', 'last_name,first_name,regular_hours,overtime_hours,double_overtime_hours\n')(init)
          : file('timekeep-payroll-2026-10-18-2026-10-31.csv')(init),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Employees', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Liam Carter' }));
    const picker = screen.getByLabelText('Payroll pay period', { selector: 'input' });
    await waitFor(() => expect(picker).toHaveValue('10/18/2026 – 10/31/2026'));
    const group = screen.getByRole('group', { name: 'Payroll file' });
    const gusto = within(group).getByRole('button', { name: 'Download for Gusto (10/18/2026 – 10/31/2026)' });
    expect(gusto).toHaveAttribute('title', "Regular, overtime and double-overtime hours in Gusto's CSV upload columns");

    await user.click(gusto);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo(fetch, '/report/payroll-export')[0]!.search).toBe('?start=2026-10-18&end=2026-10-31&empids=12&layout=gusto');
    expect(saved[0]!.name).toBe('timekeep-gusto-hours-2026-10-18-2026-10-31.csv');

    // The payroll file's own button still asks without a layout.
    await user.click(within(group).getByRole('button', { name: 'Download payroll file (10/18/2026 – 10/31/2026)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(callsTo(fetch, '/report/payroll-export')[1]!.search).toBe('?start=2026-10-18&end=2026-10-31&empids=12');
    expect(saved[1]!.name).toBe('timekeep-payroll-2026-10-18-2026-10-31.csv');
  });

  it('spins only the button whose download is under way, the others waiting for it', async () => {
    let answer: (response: Response | PromiseLike<Response>) => void = () => undefined;
    reportsServer({ 'GET /report/payroll-export': () => new Promise<Response>((resolve) => (answer = resolve)) });
    render();
    const user = userEvent.setup();
    const gusto = await screen.findByRole('button', { name: 'Download for Gusto (10/18/2026 – 10/31/2026)' });
    const payroll = screen.getByRole('button', { name: 'Download payroll file (10/18/2026 – 10/31/2026)' });

    await user.click(gusto);
    await waitFor(() => expect(gusto).toHaveAttribute('data-loading'));
    expect(payroll).not.toHaveAttribute('data-loading');
    expect(payroll).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    answer(file('timekeep-gusto-hours-2026-10-18-2026-10-31.csv')({ url: '' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(gusto).not.toHaveAttribute('data-loading'));
    expect(gusto).toBeEnabled();
    expect(payroll).toBeEnabled();
  });

  it("shows the server's refusal of a Gusto download on the pay-period picker", async () => {
    reportsServer({ 'GET /report/payroll-export': fieldErrors({ layout: ['Please choose timekeep or gusto'] }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Download for Gusto \(/ }));
    const message = await screen.findByText('Please choose timekeep or gusto');
    expect(screen.getByLabelText('Payroll pay period', { selector: 'input' })).toHaveAccessibleDescription(expect.stringContaining(message.textContent!));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of a payroll period on the pay-period picker, not on the dates", async () => {
    reportsServer({ 'GET /report/payroll-export': fieldErrors({ start: ["Please choose the first day of one of the company's pay periods"] }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Download payroll file \(/ }));
    const message = await screen.findByText("Please choose the first day of one of the company's pay periods");
    expect(screen.getByLabelText('Payroll pay period', { selector: 'input' })).toHaveAccessibleDescription(expect.stringContaining(message.textContent!));
    expect(screen.getByLabelText('Date range')).not.toHaveAccessibleDescription(expect.stringContaining('pay periods'));
  });

  it('sets the range from a quick range: pay periods from the server, months and the year from the company’s today', async () => {
    const fetch = reportsServer();
    render();
    const user = userEvent.setup();
    const quick = await screen.findByRole('group', { name: 'Quick date ranges' });
    const preset = (name: string) => within(quick).getByRole('button', { name });
    const dates = () => screen.getByRole('button', { name: 'Date range' });
    // The range starts as this pay period, so that preset shows as pressed.
    await waitFor(() => expect(preset('This pay period')).toHaveAttribute('aria-pressed', 'true'));
    expect(preset('Last month')).toHaveAttribute('aria-pressed', 'false');

    await user.click(preset('Last pay period'));
    expect(dates()).toHaveTextContent('10/18/2026 – 10/31/2026');
    expect(preset('Last pay period')).toHaveAttribute('aria-pressed', 'true');
    expect(preset('This pay period')).toHaveAttribute('aria-pressed', 'false');

    await user.click(preset('Last month'));
    expect(dates()).toHaveTextContent('10/01/2026 – 10/31/2026');
    await user.click(preset('This month'));
    expect(dates()).toHaveTextContent('11/01/2026 – 11/30/2026');
    await user.click(preset('Year to date'));
    expect(dates()).toHaveTextContent('01/01/2026 – 11/10/2026');
    await runReport(user);
    await waitFor(() => expect(callsTo(fetch, '/report/summary-report-data')).toHaveLength(1));
    expect(callsTo(fetch, '/report/summary-report-data')[0]!.search).toBe('?type=summary&start=2026-01-01&end=2026-11-10');
  });

  it('counts the months from the day it is in the company’s zone', async () => {
    reportsServer();
    render('2027-01-02');
    const user = userEvent.setup();
    const quick = await screen.findByRole('group', { name: 'Quick date ranges' });
    await user.click(within(quick).getByRole('button', { name: 'Last month' }));
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent('12/01/2026 – 12/31/2026');
    // The server's periods do not hold that day: the pay-period presets wait for it.
    expect(within(quick).getByRole('button', { name: 'This pay period' })).toBeDisabled();
  });

  it("saves under the contract's name when the answer names no file", async () => {
    reportsServer({ 'GET /report/export': () => new Response('x', { headers: { 'Content-Type': 'text/csv' } }) });
    render();
    const user = userEvent.setup();
    await screen.findByText('11/01/2026 – 11/14/2026');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'timekeep-summary-2026-11-01-2026-11-14.csv', href: 'blob:report/1' }]));
  });

  it('prints the report shown', async () => {
    reportsServer();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render();
    const user = userEvent.setup();
    await runReport(user);
    await screen.findByRole('table', { name: 'Summary report' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // What prints: the screen (title, filter summary, tables); the filter and buttons are marked not to.
    expect(screen.getByTestId('reports-screen')).toHaveClass('tk-report-print');
    expect(screen.getByRole('form', { name: 'Report filter' }).closest('.tk-no-print')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Print' }).closest('.tk-no-print')).not.toBeNull();
    expect(screen.getByTestId('filter-summary').closest('.tk-no-print')).toBeNull();
  });

  it('runs again with a new range picked on the calendar', async () => {
    const fetch = reportsServer({ 'GET /report/summary-report-data': json(summaryReport({ rows: [] })) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByText('11/01/2026 – 11/14/2026'));
    await user.click(await screen.findByRole('button', { name: '3 November 2026' }));
    await user.click(screen.getByRole('button', { name: '5 November 2026' }));
    await runReport(user);
    await waitFor(() => expect(callsTo(fetch, '/report/summary-report-data')).toHaveLength(1));
    expect(callsTo(fetch, '/report/summary-report-data')[0]!.search).toBe('?type=summary&start=2026-11-03&end=2026-11-05');
  });
});
