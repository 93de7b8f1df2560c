import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { explanationHours, explanationTitle, signedHours } from '../api/balance-explanation';
import type { EmployeePto } from '../api/employee-pto';
import { balanceExplanation, explainedVacation, explanationLine } from '../testing/balance-explanation';
import { callsTo, EMMA, identity, json, pick, ptoData, timeOffServer } from '../testing/time-off-server';
import { BalanceExplanationTable } from './balance-explanation';
import { EmployeePtoCard } from './employee-pto-card';
import { TimeOffScreen } from './time-off-screen';

/** Each row's cells as text, head and foot included. */
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe("'Why this balance?' (issue 38)", () => {
  it('says hours with up to two decimals, a change with its sign, and whose balance the title asks about', () => {
    expect(explanationHours(750)).toBe('12.5');
    expect(explanationHours(180)).toBe('3');
    expect(explanationHours(135)).toBe('2.25');
    expect(explanationHours(100)).toBe('1.67');
    expect(signedHours(180)).toBe('+3 h');
    expect(signedHours(-135)).toBe('−2.25 h');
    expect(signedHours(0)).toBe('0 h');
    expect(explanationTitle('Sick time', 750, null)).toBe('Why is my Sick time balance 12.5 h?');
    expect(explanationTitle('Sick time', 750, 'Emma Brooks')).toBe("Why is Emma Brooks's Sick time balance 12.5 h?");
    expect(explanationTitle('Sick time', 750, '')).toBe('Why is this Sick time balance 12.5 h?');
  });

  it('lists the lines since the period start, and a total equal to the balance', () => {
    renderWithApp(<BalanceExplanationTable type={explainedVacation()} />);
    const table = screen.getByRole('table', { name: 'Since 01/01/2026' });
    expect(rowsOf(table)).toEqual([
      ['Date', 'What', 'Change', 'Balance'],
      ['01/01/2026', 'The period opened at 76 h', '+76 h', '76 h'],
      ['11/07/2026', '3 h for 90 h worked (1 h per 30 h), week of 1 November 2026', '+3 h', '79 h'],
      ['11/10/2026', '2.5 h added by hand by Ada Admin', '+2.5 h', '81.5 h'],
      ['11/12/2026 – 11/13/2026', '1.5 h taken', '−1.5 h', '80 h'],
      ['Balance', '80 h'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Balance' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'What', 'Change', 'Balance']);
  });

  it('the total is the balance, not the last line: a cap that cut the balance shows as its own line', () => {
    const type = explainedVacation({
      balance: 600,
      lines: [
        explanationLine({ minutes: 1440, balanceAfter: 1440, text: 'The period opened at 24 h' }),
        explanationLine({ kind: 'FORFEITED', minutes: -960, balanceAfter: 480, text: '16 h lost at the year end: 24 h held, 8 h may be carried over' }),
        explanationLine({ date: '2026-01-10', kind: 'ACCRUED', minutes: 120, balanceAfter: 600, text: '2 h for 60 h worked (1 h per 30 h), week of 4 January 2026' }),
      ],
    });
    renderWithApp(<BalanceExplanationTable type={type} />);
    expect(screen.getAllByTestId('explanation-line').map((tr) => tr.getAttribute('data-kind'))).toEqual(['CARRYOVER', 'FORFEITED', 'ACCRUED']);
    expect(screen.getByTestId('explanation-total-hours')).toHaveTextContent('10 h');
  });

  it("shows the reason an admin gave for hours added or removed by hand, after the admin's name", () => {
    const type = explainedVacation({
      balance: 4860,
      lines: [
        explanationLine({ minutes: 4560, balanceAfter: 4560, text: 'The period opened at 76 h' }),
        explanationLine({ date: '2026-11-10', kind: 'MANUALLY_ADDITION', minutes: 360, balanceAfter: 4920, text: '6 h added by hand by Ada Admin: Worked the holiday weekend' }),
        explanationLine({ date: '2026-11-11', kind: 'MANUALLY_ADDITION', minutes: -60, balanceAfter: 4860, text: '1 h removed by hand by Ada Admin: Counted twice' }),
      ],
    });
    renderWithApp(<BalanceExplanationTable type={type} />);
    expect(rowsOf(screen.getByRole('table', { name: 'Since 01/01/2026' }))).toEqual([
      ['Date', 'What', 'Change', 'Balance'],
      ['01/01/2026', 'The period opened at 76 h', '+76 h', '76 h'],
      ['11/10/2026', '6 h added by hand by Ada Admin: Worked the holiday weekend', '+6 h', '82 h'],
      ['11/11/2026', '1 h removed by hand by Ada Admin: Counted twice', '−1 h', '81 h'],
      ['Balance', '81 h'],
    ]);
  });

  it("opens from the employee's PTO card: her own lines (no eid), titled with her balance", async () => {
    const fetch = timeOffServer();
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const card = await screen.findByTestId('balance-card');
    const row = (await within(card).findAllByTestId('balance-type'))[0]!;
    expect(row).toHaveTextContent('Vacation');
    expect(within(row).getByTestId('balance-type-available')).toHaveTextContent('80.00 hrs');
    // Unpaid types have no balance to explain; nothing is asked before the link is used.
    expect(within(card).getAllByTestId('balance-type')).toHaveLength(1);
    expect(callsTo(fetch, 'GET', '/pto/balance-explanation')).toHaveLength(0);

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Why this balance? Vacation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why is my Vacation balance 80 h?' });
    expect(await within(dialog).findByRole('table', { name: 'Since 01/01/2026' })).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('explanation-line')).toHaveLength(4);
    expect(within(dialog).getByText('2.5 h added by hand by Ada Admin')).toBeInTheDocument();
    expect(within(dialog).getByTestId('explanation-total-hours')).toHaveTextContent('80 h');
    expect(callsTo(fetch, 'GET', '/pto/balance-explanation')[0]!.url.search).toBe('');
  });

  it('is full screen on a phone', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 767px)' })) as typeof window.matchMedia;
    try {
      timeOffServer();
      renderWithApp(<TimeOffScreen identity={identity()} />);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Why this balance? Vacation' }));
      await screen.findByRole('dialog', { name: 'Why is my Vacation balance 80 h?' });
      expect(document.querySelector('[data-testid="balance-explanation"] .mantine-Modal-content')).toHaveAttribute('data-full-screen', 'true');
    } finally {
      window.matchMedia = desktop;
    }
  });

  it("asks with eid when an admin looks on someone's behalf, and names them", async () => {
    const admin = identity({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] });
    const fetch = timeOffServer({
      'GET /pto/data': ({ url }) =>
        response({ json: new URL(url, 'http://x').searchParams.get('eid') === '9' ? ptoData({ employee: EMMA }) : ptoData({ employee: { id: 1, firstname: 'Ada', lastname: 'Admin' }, canRequestFor: [{ id: 1, firstname: 'Ada', lastname: 'Admin' }, EMMA] }) }),
    });
    renderWithApp(<TimeOffScreen identity={admin} />);
    const user = userEvent.setup();
    await screen.findByTestId('on-behalf-of');
    await pick(user, 'On Behalf Of', 'Emma Brooks');
    await screen.findByTestId('time-off-employee');
    await user.click(await screen.findByRole('button', { name: 'Why this balance? Vacation' }));
    await screen.findByRole('dialog', { name: "Why is Emma Brooks's Vacation balance 80 h?" });
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/balance-explanation').map((call) => call.url.search)).toEqual(['?eid=9']));
  });

  it("shows the same lines in the admin's PTO history of someone else, asked with their eid", async () => {
    const row = {
      ptoTypeId: 5, name: 'Vacation', color: '#2f9e44', status: 1, method: 'PER_HOUR_WORKED', rate: 1, rateUnit: 30,
      period: { startDate: '2026-01-01', endDate: '2026-12-31' }, eligibleMonths: 0, startingBalance: 0, manuallyAddedHours: 150,
      carryover: 4560, earnedHours: 180, used: 90, forfeited: 0, balance: 4800, maxCarryover: null, maxBalance: null,
    };
    const pto: EmployeePto = { employeeId: 9, year: 2026, ptoPolicyId: 3, ptoPlanName: 'Standard', available: 4800, types: [row], history: [], ruleChanges: [] };
    const fetch = mockFetch({
      'GET /manage/employee-pto': json(pto),
      'GET /pto/balance-explanation': json(balanceExplanation({ types: [explainedVacation(), explainedVacation({ ptoTypeId: 6, name: 'Sick time', balance: 0, lines: [explanationLine()] })] })),
    });
    renderWithApp(<EmployeePtoCard employeeId={9} employeeName="Emma Brooks" canAddManually />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'PTO History' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO History' });
    const balances = await within(dock).findAllByTestId('pto-history-balance');
    expect(balances.map((li) => li.textContent)).toEqual(['Vacation80 hWhy this balance?', 'Sick time0 hWhy this balance?']);
    await user.click(within(dock).getByRole('button', { name: 'Why this balance? Vacation' }));
    const dialog = await screen.findByRole('dialog', { name: "Why is Emma Brooks's Vacation balance 80 h?" });
    expect(within(dialog).getByText('3 h for 90 h worked (1 h per 30 h), week of 1 November 2026')).toBeInTheDocument();
    expect(within(dialog).getByTestId('explanation-total-hours')).toHaveTextContent('80 h');
    // One call behind the dock's list and the dialog.
    expect(callsTo(fetch, 'GET', '/pto/balance-explanation').map((call) => call.url.search)).toEqual(['?eid=9']);
  });

  it('refreshes after a manual addition', async () => {
    const row = {
      ptoTypeId: 5, name: 'Vacation', color: '#2f9e44', status: 1, method: null, rate: null, rateUnit: null,
      period: { startDate: '2026-01-01', endDate: '2026-12-31' }, eligibleMonths: 0, startingBalance: 0, manuallyAddedHours: 150,
      carryover: 0, earnedHours: 0, used: 0, forfeited: 0, balance: 150, maxCarryover: null, maxBalance: null,
    };
    const entry = { id: 7, type: 'MANUALLY_ADDITION', date: '2026-11-10', year: 2026, ptoTypeId: 5, ptoTypeName: 'Vacation', policyName: null, minutes: 150 };
    const pto: EmployeePto = { employeeId: 9, year: 2026, ptoPolicyId: 3, ptoPlanName: 'Standard', available: 150, types: [row], history: [entry], ruleChanges: [] };
    let removed = false;
    const fetch = mockFetch({
      'GET /manage/employee-pto': json(pto),
      'POST /manage/remove-manual-pto-addition': () => {
        removed = true;
        return response({ json: { ...pto, history: [], types: [{ ...row, manuallyAddedHours: 0, balance: 0 }] } });
      },
      'GET /pto/balance-explanation': () =>
        response({
          json: balanceExplanation({
            types: [
              removed
                ? explainedVacation({ balance: 0, lines: [explanationLine()] })
                : explainedVacation({ balance: 150, lines: [explanationLine(), explanationLine({ date: '2026-11-10', kind: 'MANUALLY_ADDITION', minutes: 150, balanceAfter: 150, text: '2.5 h added by hand by Ada Admin' })] }),
            ],
          }),
        }),
    });
    renderWithApp(<EmployeePtoCard employeeId={9} employeeName="Emma Brooks" canAddManually />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'PTO History' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO History' });
    expect(await within(dock).findByTestId('pto-history-balance')).toHaveTextContent('Vacation2.5 h');
    await user.click(within(dock).getByRole('button', { name: 'Remove 2.50 hrs Vacation' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dock).getByTestId('pto-history-balance')).toHaveTextContent('Vacation0 h'));
    expect(callsTo(fetch, 'GET', '/pto/balance-explanation')).toHaveLength(2);
  });
});
