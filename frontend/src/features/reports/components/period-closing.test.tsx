import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import type { PayPeriod } from '../api/pay-periods';
import type { Adjustment, HistoryLine, PeriodDetail } from '../api/period-closing';
import { callsTo, json, PAY_PERIODS, payPeriod, periodDetail, reportsServer, TODAY } from '../testing/reports-server';
import { ReportsScreen } from './reports-screen';

const LAST = PAY_PERIODS[1]!; // 10/18/2026 – 10/31/2026, ended, open
const CLOSED_AT = '2026-11-02T15:00:00Z'; // 10:00 AM in New York

const signIn = (role: 'admin' | 'manager') => sessionStore.setToken(fakeToken({ eid: 2, roles: [role], timezone: 'America/New_York' }));
const render = () => renderWithApp(<ReportsScreen today={TODAY} />);

/** The text of each cell of a table's body rows. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

/**
 * The pay-period calls as a small server that remembers: closing locks a period (by Ada Lovelace,
 * at CLOSED_AT) and adds a history line; reopening wants a reason and opens it again.
 */
function closingServer(periods: PayPeriod[] = PAY_PERIODS.map((p) => ({ ...p })), extra: Partial<PeriodDetail> = {}) {
  const history = new Map<string, HistoryLine[]>();
  const detail = (period: PayPeriod): PeriodDetail => periodDetail(period, { ...extra, history: history.get(period.start) ?? [] });
  const find = (start: unknown) => periods.find((p) => p.start === start);
  const fetch = reportsServer({
    'GET /report/pay-periods': () => response({ json: { payPeriods: periods } }),
    'GET /report/pay-period': ({ url }) => response({ json: detail(find(new URL(url, 'http://x').searchParams.get('start'))!) }),
    'POST /report/pay-periods/close': (init) => {
      const { start } = bodyOf(init) as { start: string };
      const period = find(start)!;
      Object.assign(period, { locked: true, lockedAt: CLOSED_AT, lockedBy: 'Ada Lovelace' });
      history.set(start, [...(history.get(start) ?? []), { kind: 'closed', at: CLOSED_AT, by: 'Ada Lovelace', reason: null }]);
      return response({ json: detail(period) });
    },
    'POST /report/pay-periods/reopen': (init) => {
      const { start, reason } = bodyOf(init) as { start: string; reason: string };
      const period = find(start)!;
      Object.assign(period, { locked: false, lockedAt: null, lockedBy: null });
      history.set(start, [...(history.get(start) ?? []), { kind: 'reopened', at: '2026-11-03T14:30:00Z', by: 'Ada Lovelace', reason }]);
      return response({ json: detail(period) });
    },
  });
  return fetch;
}

const adjustment = (fields: Partial<Adjustment> = {}): Adjustment => ({
  employeeId: 9,
  name: 'Emma Brooks',
  fromStart: '2026-10-04',
  fromEnd: '2026-10-17',
  intoStart: '2026-10-18',
  intoEnd: '2026-10-31',
  totalCenti: 150,
  totalHours: '1.50',
  carried: true,
  ...fields,
});

describe('closing a pay period for payroll (issue 40)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lets an admin close an ended pay period after saying what it means, then shows it closed, by whom and when', async () => {
    signIn('admin');
    const fetch = closingServer();
    render();
    const user = userEvent.setup();
    const status = await screen.findByTestId('period-status');
    expect(status).toHaveTextContent('Open');
    await waitFor(() => expect(callsTo(fetch, '/report/pay-period')[0]?.search).toBe('?start=2026-10-18&end=2026-10-31'));
    expect(screen.queryByTestId('reopen-period')).toBeNull();

    await user.click(screen.getByTestId('close-period'));
    const dialog = await screen.findByRole('dialog', { name: 'Close the pay period 10/18/2026 – 10/31/2026?' });
    expect(dialog).toHaveTextContent('the hours in this pay period can no longer change, and its payroll file is kept as it is now');
    expect(callsTo(fetch, '/report/pay-periods/close')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('confirm-close'));

    await waitFor(() => expect(screen.getByTestId('period-status')).toHaveTextContent('Closed'));
    expect(screen.getByTestId('period-status')).toHaveTextContent('by Ada Lovelace on 11/02/2026');
    const [close] = fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/report/pay-periods/close');
    expect(bodyOf(close![1]!)).toEqual({ start: '2026-10-18', end: '2026-10-31' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('close-period')).toBeNull();
    expect(screen.getByTestId('reopen-period')).toBeInTheDocument();
    expect(bodyRows(screen.getByTestId('period-history'))).toEqual([['11/02/2026 10:00 AM', 'Closed', 'Ada Lovelace', '']]);

    // The list is asked again and marks the period closed.
    await waitFor(() => expect(callsTo(fetch, '/report/pay-periods')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Payroll pay period', { selector: 'input' })).toHaveValue('10/18/2026 – 10/31/2026 (closed)'));
    await user.click(screen.getByLabelText('Payroll pay period', { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '11/01/2026 – 11/14/2026 (current)',
      '10/18/2026 – 10/31/2026 (closed)',
      '10/04/2026 – 10/17/2026',
    ]);
  });

  it("shows the server's refusal of a close in the question, and closes nothing", async () => {
    signIn('admin');
    reportsServer({
      'POST /report/pay-periods/close': () =>
        response({ status: 409, statusText: 'Conflict', json: { code: 'conflict', message: 'Someone is still clocked in on a shift that began in this pay period. End or correct it first.' } }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('close-period'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('confirm-close'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone is still clocked in on a shift that began in this pay period. End or correct it first.');
    expect(screen.getByTestId('period-status')).toHaveTextContent('Open');
    // Cancel forgets the refusal.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no close for the current pay period, which has not ended', async () => {
    signIn('admin');
    reportsServer();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Payroll pay period', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '11/01/2026 – 11/14/2026 (current)' }));
    await waitFor(() => expect(screen.getByTestId('period-status')).toHaveTextContent('It can be closed once its last day is over.'));
    expect(screen.getByTestId('period-status')).toHaveTextContent('Open');
    expect(screen.queryByTestId('close-period')).toBeNull();
    expect(screen.queryByTestId('reopen-period')).toBeNull();
  });

  it('reopens a closed period only with a reason, showing the server’s message on it, and keeps the reason in the history', async () => {
    signIn('admin');
    const periods = [
      PAY_PERIODS[0]!,
      payPeriod(LAST.start, LAST.end, true, { locked: true, lockedAt: CLOSED_AT, lockedBy: 'Ada Lovelace' }),
      PAY_PERIODS[2]!,
    ];
    let refuse = true;
    const fetch = closingServer(periods);
    const reopen = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init = {}) => {
      if (String(input) === '/server/v1/report/pay-periods/reopen' && refuse) {
        refuse = false;
        return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { reason: ['Please keep the reason under 500 characters'] } } });
      }
      return reopen(input, init);
    });
    render();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('period-status')).toHaveTextContent('Closedby Ada Lovelace on 11/02/2026'));
    expect(screen.queryByTestId('close-period')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Payroll pay period', { selector: 'input' })).toHaveValue('10/18/2026 – 10/31/2026 (closed)'));

    await user.click(screen.getByTestId('reopen-period'));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the pay period 10/18/2026 – 10/31/2026' });
    const reason = within(dialog).getByTestId('reopen-reason');
    expect(reason).toBeRequired();
    // Without a reason nothing is sent.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByTestId('confirm-reopen'));
    expect(await within(dialog).findByText('Please say why the pay period is reopened')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, '/report/pay-periods/reopen')).toHaveLength(0);

    // The server's refusal shows on the field.
    await user.clear(reason);
    await user.type(reason, "Liam's Friday was missing");
    await user.click(within(dialog).getByTestId('confirm-reopen'));
    expect(await within(dialog).findByText('Please keep the reason under 500 characters')).toBeInTheDocument();
    expect(screen.getByTestId('period-status')).toHaveTextContent('Closed');

    await user.click(within(dialog).getByTestId('confirm-reopen'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/report/pay-periods/reopen').map(([, init]) => bodyOf(init!));
    expect(sent).toEqual([
      { start: '2026-10-18', end: '2026-10-31', reason: "Liam's Friday was missing" },
      { start: '2026-10-18', end: '2026-10-31', reason: "Liam's Friday was missing" },
    ]);
    await waitFor(() => expect(screen.getByTestId('period-status')).toHaveTextContent('Open'));
    expect(bodyRows(screen.getByTestId('period-history'))).toEqual([['11/03/2026 09:30 AM', 'Reopened', 'Ada Lovelace', "Liam's Friday was missing"]]);
    // Ended and open again: it can be closed again.
    expect(screen.getByTestId('close-period')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Payroll pay period', { selector: 'input' })).toHaveValue('10/18/2026 – 10/31/2026'));
  });

  it('shows a manager a period closed automatically, its history and its late changes in and out, without the admin buttons', async () => {
    signIn('manager');
    const auto = payPeriod(LAST.start, LAST.end, true, { locked: true, lockedAt: CLOSED_AT, lockedBy: null, lateChanges: true });
    reportsServer({
      'GET /report/pay-periods': json({ payPeriods: [PAY_PERIODS[0], auto, PAY_PERIODS[2]] }),
      'GET /report/pay-period': json(
        periodDetail(auto, {
          history: [
            { kind: 'auto_closed', at: CLOSED_AT, by: null, reason: null },
            { kind: 'reopened', at: '2026-11-03T14:30:00Z', by: 'Ada Lovelace', reason: 'Missing shift' },
            { kind: 'closed', at: '2026-11-03T15:00:00Z', by: 'Ada Lovelace', reason: null },
          ],
          adjustmentsIn: [adjustment()],
          adjustmentsOut: [
            adjustment({ employeeId: 12, name: 'Liam Carter', fromStart: '2026-10-18', fromEnd: '2026-10-31', intoStart: '2026-11-01', intoEnd: '2026-11-14', totalCenti: -25, totalHours: '-0.25', carried: true }),
            adjustment({ employeeId: 11, name: 'Zoe Young', fromStart: '2026-10-18', fromEnd: '2026-10-31', intoStart: null, intoEnd: null, totalCenti: 100, totalHours: '1.00', carried: false }),
          ],
          period: { ...periodDetail(auto).period, lockedBy: 'Ada Lovelace', lockedAt: '2026-11-03T15:00:00Z' },
        }),
      ),
    });
    render();
    // The list says it closed by itself; the detail (closed again by hand since) is the newer word.
    await waitFor(() => expect(screen.getByTestId('period-status')).toHaveTextContent('by Ada Lovelace on 11/03/2026'));
    expect(screen.queryByTestId('close-period')).toBeNull();
    expect(screen.queryByTestId('reopen-period')).toBeNull();
    expect(screen.getByTestId('period-late-changes')).toHaveTextContent('paid in a later pay period');
    expect(bodyRows(screen.getByTestId('period-history'))).toEqual([
      ['11/02/2026 10:00 AM', 'Closed automatically', 'Timekeep', ''],
      ['11/03/2026 09:30 AM', 'Reopened', 'Ada Lovelace', 'Missing shift'],
      ['11/03/2026 10:00 AM', 'Closed', 'Ada Lovelace', ''],
    ]);
    expect(bodyRows(screen.getByTestId('adjustments-in'))).toEqual([['Emma Brooks', '10/04/2026 – 10/17/2026', '10/18/2026 – 10/31/2026', '1.50', 'Carried']]);
    expect(bodyRows(screen.getByTestId('adjustments-out'))).toEqual([
      ['Liam Carter', '10/18/2026 – 10/31/2026', '11/01/2026 – 11/14/2026', '-0.25', 'Carried'],
      ['Zoe Young', '10/18/2026 – 10/31/2026', 'The next period to close', '1.00', 'Waiting'],
    ]);
  });

  it('shows a manager an ended open period without a way to close it', async () => {
    signIn('manager');
    const fetch = reportsServer();
    render();
    await waitFor(() => expect(callsTo(fetch, '/report/pay-period')).toHaveLength(1));
    expect(await screen.findByTestId('period-status')).toHaveTextContent('Open');
    expect(screen.queryByTestId('close-period')).toBeNull();
    expect(screen.queryByTestId('period-history')).toBeNull();
  });

  it('says a period closed by itself was closed automatically', async () => {
    signIn('manager');
    const auto = payPeriod(LAST.start, LAST.end, true, { locked: true, lockedAt: CLOSED_AT, lockedBy: null });
    reportsServer({
      'GET /report/pay-periods': json({ payPeriods: [PAY_PERIODS[0], auto, PAY_PERIODS[2]] }),
      'GET /report/pay-period': json(periodDetail(auto, { history: [{ kind: 'auto_closed', at: CLOSED_AT, by: null, reason: null }] })),
    });
    render();
    await waitFor(() => expect(screen.getByTestId('period-status')).toHaveTextContent('Closedclosed automatically on 11/02/2026'));
    expect(screen.queryByTestId('adjustments-in')).toBeNull();
    expect(screen.queryByTestId('adjustments-out')).toBeNull();
  });
});
