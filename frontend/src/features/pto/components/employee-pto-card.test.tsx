import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import type { EmployeePto } from '../api/employee-pto';
import { EmployeePtoCard } from './employee-pto-card';

const TIME = { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400 };
const VACATION = { id: 5, name: 'Vacation', color: '#2f9e44', payable: 1, available: 1, allowDelete: false, overrides: [] };
const row = {
  ptoTypeId: 5, name: 'Vacation', color: '#2f9e44', status: 1, method: 'PER_CALENDAR_YEAR', rate: 80, rateUnit: 1,
  period: { startDate: '2026-01-01', endDate: '2026-12-31' }, eligibleMonths: 10, startingBalance: 0, manuallyAddedHours: 0,
  carryover: 0, earnedHours: 4800, used: 0, forfeited: 0, balance: 4800, maxCarryover: null, maxBalance: null,
};
const pto = (fields: Partial<EmployeePto> = {}): EmployeePto => ({
  employeeId: 9, year: 2026, ptoPolicyId: 3, ptoPlanName: 'Standard', available: 4800, types: [row], history: [], ruleChanges: [], ...fields,
});

describe("the folder's PTO card (001 §2)", () => {
  it('shows each type with the balance in hours, and Setup when PTO is not set up', async () => {
    mockFetch({ 'GET /manage/employee-pto': () => response({ json: pto() }) });
    const first = renderWithApp(<EmployeePtoCard employeeId={9} canAddManually={false} />);
    expect(await screen.findByTestId('pto-balance-row')).toHaveTextContent('80.00 hrs');
    expect(screen.getByText('Standard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manually Add PTO' })).toBeNull();
    first.unmount();
    mockFetch({ 'GET /manage/employee-pto': () => response({ json: pto({ ptoPolicyId: null, ptoPlanName: null, available: -1000, types: [] }) }) });
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    expect(await screen.findByRole('link', { name: 'Setup' })).toHaveAttribute('href', '/admin/ptomanage');
  });

  it('says when PTO starts for someone hired for a later day', async () => {
    mockFetch({ 'GET /manage/employee-pto': () => response({ json: pto({ available: 0, types: [], startsOn: '2026-12-07' }) }) });
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually={false} />);
    expect(await screen.findByTestId('pto-starts-on')).toHaveTextContent('PTO starts with the employment on 12/07/2026.');
    expect(screen.getByText('Standard')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Setup' })).toBeNull();
  });

  it("adds PTO by hand, refusing hours that are not a number with two decimals", async () => {
    const fetch = mockFetch({
      'GET /manage/employee-pto': () => response({ json: pto() }),
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [VACATION] } }),
      'POST /manage/manually-add-pto': () =>
        response({ json: pto({ types: [{ ...row, manuallyAddedHours: 150, balance: 4950 }], history: [{ id: 7, type: 'MANUALLY_ADDITION', date: '2026-11-24', year: 2026, ptoTypeId: 5, ptoTypeName: 'Vacation', policyName: null, minutes: 150 }] }) }),
    });
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manually Add PTO' }));
    const modal = await screen.findByRole('dialog', { name: 'Manually Add PTO' });
    await user.click(within(modal).getByLabelText('PTO Type', { selector: 'input', exact: false }));
    await user.click(await screen.findByRole('option', { name: 'Vacation' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Hours' }), '12.5.3');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(await within(modal).findByText(/^Please input a number of hours other than 0/)).toBeInTheDocument();
    const hoursField = within(modal).getByRole('textbox', { name: 'Hours' });
    await user.clear(hoursField);
    await user.type(hoursField, '2.5');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('pto-balance-row')).toHaveTextContent('82.50 hrs'));
    const posts = fetch.mock.calls.filter(([url]) => String(url).includes('manually-add-pto'));
    expect(bodyOf(posts[0]![1] as RequestInit)).toEqual({ employeeId: 9, ptoTypeId: 5, year: 2026, hours: '2.5' });
  });

  it('sends the reason with the hours, counts its characters and shows the server\'s error under it', async () => {
    const REASON_TOO_LONG = 'Please keep the reason to 200 characters';
    const fetch = mockFetch({
      'GET /manage/employee-pto': () => response({ json: pto() }),
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [VACATION] } }),
      'POST /manage/manually-add-pto': (init) => {
        const body = bodyOf(init) as { reason?: string };
        // The server's rule: at most 200 characters once trimmed.
        if ([...(body.reason ?? '')].length > 200) {
          return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors: { reason: [REASON_TOO_LONG] } } });
        }
        return response({ json: pto({ types: [{ ...row, manuallyAddedHours: 120, balance: 4920 }] }) });
      },
    });
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manually Add PTO' }));
    const modal = await screen.findByRole('dialog', { name: 'Manually Add PTO' });
    await user.click(within(modal).getByLabelText('PTO Type', { selector: 'input', exact: false }));
    await user.click(await screen.findByRole('option', { name: 'Vacation' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Hours' }), '2');
    const reason = within(modal).getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason).toHaveAccessibleDescription('0 / 200 characters');
    // Too long: the server refuses it, and says so under the field.
    await user.click(reason);
    await user.paste('x'.repeat(201));
    expect(reason).toHaveAccessibleDescription('201 / 200 characters');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(await within(modal).findByText(REASON_TOO_LONG)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason.getAttribute('aria-describedby')).toContain(within(modal).getByText(REASON_TOO_LONG).id);
    expect(within(modal).queryByText(/^Sorry/)).toBeNull();
    // A reason over two lines, trimmed, is sent with the hours.
    await user.clear(reason);
    await user.type(reason, '  Worked the holiday weekend{Enter}(Nov 28-29)  ');
    expect(reason).toHaveAccessibleDescription('38 / 200 characters');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('pto-balance-row')).toHaveTextContent('82.00 hrs'));
    const posts = fetch.mock.calls.filter(([url]) => String(url).includes('manually-add-pto')).map(([, init]) => bodyOf(init as RequestInit));
    expect(posts).toEqual([
      { employeeId: 9, ptoTypeId: 5, year: 2026, hours: '2', reason: 'x'.repeat(201) },
      { employeeId: 9, ptoTypeId: 5, year: 2026, hours: '2', reason: 'Worked the holiday weekend\n(Nov 28-29)' },
    ]);
  });

  it('lists the history and removes a manual addition after the confirmation', async () => {
    const entry = { id: 7, type: 'MANUALLY_ADDITION', date: '2026-11-24', year: 2026, ptoTypeId: 5, ptoTypeName: 'Vacation', policyName: null, minutes: 150 };
    mockFetch({
      'GET /manage/employee-pto': () => response({ json: pto({ history: [entry] }) }),
      'POST /manage/remove-manual-pto-addition': () => response({ json: pto() }),
    });
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'PTO History' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO History' });
    expect(within(dock).getByTestId('pto-history-entry')).toHaveTextContent('+2.50 hrs Vacation');
    await user.click(within(dock).getByRole('button', { name: 'Remove 2.50 hrs Vacation' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('pto-history-entry')).toBeNull());
  });
});

describe('the PTO history: changes to the rules of the plans the employee was in', () => {
  const change = { id: 1, date: '2026-11-25', changedBy: 'Alice Admin', planName: 'Standard', ptoTypeName: 'Vacation', before: '80 hrs/year', after: '120 hrs/year' };

  it('lists each change below the entries, dated MM/DD/YYYY, with no way to remove it', async () => {
    const entry = { id: 7, type: 'MANUALLY_ADDITION', date: '2026-11-24', year: 2026, ptoTypeId: 5, ptoTypeName: 'Vacation', policyName: null, minutes: 150 };
    mockFetch({
      'GET /manage/employee-pto': () =>
        response({
          json: pto({
            history: [entry],
            ruleChanges: [
              change,
              { ...change, id: 2, date: '2026-10-02', ptoTypeName: 'Sick', before: null, after: '40 hrs/year' },
              { ...change, id: 3, date: '2026-09-01', ptoTypeName: 'Floating', before: '8 hrs/year', after: null, changedBy: null },
            ],
          }),
        }),
    });
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    await userEvent.click(await screen.findByRole('button', { name: 'PTO History' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO History' });
    expect(within(dock).getByTestId('pto-history-entry')).toHaveTextContent('Added by hand · 11/24/2026');
    expect(within(dock).getByRole('heading', { name: 'Plan rule changes' })).toBeInTheDocument();
    const lines = within(dock).getAllByTestId('pto-rule-change').map((line) => line.textContent);
    expect(lines).toEqual([
      '11/25/2026 · Standard · Vacation: 80 hrs/year → 120 hrs/year · by Alice Admin',
      '10/02/2026 · Standard · Sick: added: 40 hrs/year · by Alice Admin',
      '09/01/2026 · Standard · Floating: removed (was 8 hrs/year)',
    ]);
    // Only the entry made by hand can be removed.
    expect(within(dock).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    // The entries come first, the rule changes after them.
    const [entryCard] = within(dock).getAllByTestId('pto-history-entry');
    const [firstChange] = within(dock).getAllByTestId('pto-rule-change');
    expect(entryCard!.compareDocumentPosition(firstChange!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no rule-change section when nothing changed', async () => {
    mockFetch({ 'GET /manage/employee-pto': () => response({ json: pto() }) });
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'PTO History' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO History' });
    expect(within(dock).getByText('There is no PTO history yet')).toBeInTheDocument();
    expect(within(dock).queryByRole('heading', { name: 'Plan rule changes' })).toBeNull();
    expect(within(dock).queryByTestId('pto-rule-change')).toBeNull();
  });
});
