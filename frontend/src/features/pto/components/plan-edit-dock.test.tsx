import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { STARTING_BALANCE_MESSAGE } from '../api/employee-pto';
import { PLAN_SAVED, type BalancePerson, type PtoManageData } from '../api/plans';
import { balancePerson, balanceType } from '../testing/balance-detail';
import { callsTo, PLANS, ptoManageServer, TYPES } from '../testing/pto-manage-server';
import { PlanEditDock, removalQuestion } from './plan-edit-dock';

afterEach(() => vi.restoreAllMocks());

const DATA: PtoManageData = { ptoTypes: TYPES, ptoPolicies: PLANS, ptoRules: [], jobRoles: [], paidHolidays: [], currentYear: 2026 };
const STANDARD = PLANS[0]!;

const EMPLOYEES = [
  { id: 9, firstname: 'Emma', lastname: 'Brooks' },
  { id: 10, firstname: 'Liam', lastname: 'Carter' },
  { id: 11, firstname: 'Mia', lastname: 'Dunn' },
  { id: 12, firstname: 'Noah', lastname: 'Evans' },
];

/**
 * Noah comes from Part-time (4) with 5 hours of Vacation; Mia has no plan. Emma is in Standard
 * already (left out of the modal).
 */
const DETAIL: BalancePerson[] = [
  balancePerson({
    employeeId: 12,
    firstname: 'Noah',
    lastname: 'Evans',
    currentPlanId: 4,
    types: [balanceType({ includedInCurrentPlan: true, balanceOfCurrentPlan: 300 }), balanceType({ id: 6, name: 'Sick', balanceOfNewPlan: 2400 })],
  }),
  balancePerson({ employeeId: 11, firstname: 'Mia', lastname: 'Dunn', types: [balanceType({}), balanceType({ id: 6, name: 'Sick', balanceOfNewPlan: 2400 })] }),
  balancePerson({ employeeId: 9, currentPlanId: 3 }),
];

function server({ refuse = null as Record<string, string[]> | null } = {}) {
  const state = { refuse };
  const { fetch } = ptoManageServer({
    extra: {
      'GET /manage/employees': () => response({ json: { employees: EMPLOYEES, totalCount: EMPLOYEES.length } }),
      'GET /pto-manage/plan-employees': ({ url }) =>
        response({
          json: {
            employees:
              new URL(url, 'http://x').searchParams.get('year') === '2026'
                ? [
                    { id: 9, name: 'Emma Brooks' },
                    { id: 10, name: 'Liam Carter' },
                  ]
                : [],
          },
        }),
      'POST /settings/get-balance-detail': () => response({ json: { employees: DETAIL } }),
      'POST /settings/update-pto-policy': () => {
        if (!state.refuse) return response({ json: STANDARD });
        const errors = state.refuse;
        state.refuse = null;
        return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors } });
      },
    },
  });
  return { fetch, state };
}

const updates = (fetch: ReturnType<typeof server>['fetch']) => callsTo(fetch, '/settings/update-pto-policy').map((call) => bodyOf(call.init) as Record<string, unknown>);

async function add(user: UserEvent, dock: HTMLElement, person: string) {
  await user.click(within(dock).getByLabelText('Add people for this year', { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: person }));
}

async function openDock(onClose = vi.fn()) {
  renderWithApp(<PlanEditDock plan={STANDARD} data={DATA} onClose={onClose} />);
  const dock = await screen.findByRole('dialog', { name: 'Edit PTO Plan' });
  await within(dock).findByText('Liam Carter');
  return dock;
}

describe('the plan edit panel: people of a year (002 §2 "Plans section", §4)', () => {
  it('takes an enrolled person off the plan after a confirmation', async () => {
    const shown = vi.spyOn(notifications, 'show');
    const onClose = vi.fn();
    const { fetch } = server();
    const dock = await openDock(onClose);
    const user = userEvent.setup();
    expect(within(dock).getAllByTestId('plan-enrolled-person').map((item) => item.textContent)).toEqual(['Emma Brooks', 'Liam Carter']);

    await user.click(within(dock).getByRole('button', { name: 'Take Liam Carter off this plan' }));
    expect(within(dock).getAllByTestId('plan-enrolled-person').map((item) => item.textContent)).toEqual(['Emma Brooks']);
    expect(within(dock).getByTestId('plan-removing')).toHaveTextContent(/Taking off for 2026:\s*Liam Carter/);
    // Undo, then off again.
    await user.click(within(dock).getByRole('button', { name: 'Keep Liam Carter on this plan' }));
    expect(within(dock).getAllByTestId('plan-enrolled-person')).toHaveLength(2);
    await user.click(within(dock).getByRole('button', { name: 'Take Liam Carter off this plan' }));

    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take people off this plan' });
    expect(confirm).toHaveTextContent(removalQuestion(1, '2026'));
    expect(removalQuestion(2, '2026')).toBe('Take 2 people off this plan for 2026? Their balances for 2026 will be recalculated without it.');
    // Cancel keeps the panel as it is, nothing sent.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Take people off this plan' })).toBeNull());
    expect(updates(fetch)).toHaveLength(0);

    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Take people off this plan' })).getByRole('button', { name: 'Take off' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: PLAN_SAVED }));
    expect(screen.queryByRole('dialog', { name: 'Adjust starting balances' })).toBeNull();
    expect(updates(fetch)).toEqual([expect.objectContaining({ id: 3, name: 'Standard', year: 2026, removeIds: [10] })]);
    expect(updates(fetch)[0]).not.toHaveProperty('assignType');
    expect(updates(fetch)[0]).not.toHaveProperty('startingBalances');
  });

  it("adjusts the starting balances of people added this year, the server's refusal under its field", async () => {
    const onClose = vi.fn();
    const { fetch } = server({ refuse: { 'startingBalances[0].startingBalance': [STARTING_BALANCE_MESSAGE] } });
    const dock = await openDock(onClose);
    const user = userEvent.setup();
    await add(user, dock, 'Noah Evans');
    await add(user, dock, 'Mia Dunn');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));

    const modal = await screen.findByRole('dialog', { name: 'Adjust starting balances' });
    expect(bodyOf(callsTo(fetch, '/settings/get-balance-detail')[0]!.init)).toEqual({ ptoPolicyId: 3, assignType: 'teamMembers', assignIds: [12, 11], year: 2026, rules: [] });
    const moving = await within(modal).findByTestId('balances-moving');
    const joining = within(modal).getByTestId('balances-joining');
    expect(within(moving).getByRole('textbox', { name: 'Vacation starting balance for Noah Evans' })).toHaveValue('5.00');
    expect(within(moving).getByRole('textbox', { name: 'Sick starting balance for Noah Evans' })).toHaveValue('40.00');
    expect(within(joining).getByRole('textbox', { name: 'Vacation starting balance for Mia Dunn' })).toHaveValue('80.00');
    // Emma is in this plan already.
    expect(within(modal).queryByText('Emma Brooks')).toBeNull();
    expect(updates(fetch)).toHaveLength(0);

    const mia = within(joining).getByRole('textbox', { name: 'Vacation starting balance for Mia Dunn' });
    await user.clear(mia);
    await user.type(mia, '1.5x');
    expect(mia).toHaveAccessibleDescription(STARTING_BALANCE_MESSAGE);
    expect(within(modal).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(mia, '{backspace}');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    // Sent: Noah's carried-over Vacation (0), Mia's Vacation (1): the message goes under Noah's.
    const noah = within(modal).getByRole('textbox', { name: 'Vacation starting balance for Noah Evans' });
    await waitFor(() => expect(noah).toHaveAccessibleDescription(STARTING_BALANCE_MESSAGE));
    expect(mia).not.toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    await user.clear(noah);
    await user.type(noah, '6');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates(fetch)[1]).toEqual(
      expect.objectContaining({
        id: 3,
        year: 2026,
        assignType: 'teamMembers',
        assignIds: [12, 11],
        startingBalances: [
          { employeeId: 12, ptoTypeId: 5, startingBalance: '6' },
          { employeeId: 11, ptoTypeId: 5, startingBalance: '1.5' },
        ],
      }),
    );
    expect(updates(fetch)[1]).not.toHaveProperty('removeIds');
  });

  it("saves without starting balances on 'Skip'", async () => {
    const onClose = vi.fn();
    const { fetch } = server();
    const dock = await openDock(onClose);
    const user = userEvent.setup();
    await add(user, dock, 'Mia Dunn');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'Adjust starting balances' });
    await within(modal).findByTestId('balances-joining');
    await user.click(within(modal).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates(fetch)).toEqual([expect.objectContaining({ assignType: 'teamMembers', assignIds: [11], year: 2026 })]);
    expect(updates(fetch)[0]).not.toHaveProperty('startingBalances');
  });

  it('adds people for next year without the modal', async () => {
    const onClose = vi.fn();
    const { fetch } = server();
    const dock = await openDock(onClose);
    const user = userEvent.setup();
    await user.click(within(dock).getByLabelText('Year', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '2027' }));
    expect(await within(dock).findByText('Nobody is enrolled in 2027.')).toBeInTheDocument();
    await add(user, dock, 'Noah Evans');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: 'Adjust starting balances' })).toBeNull();
    expect(callsTo(fetch, '/settings/get-balance-detail')).toHaveLength(0);
    expect(updates(fetch)).toEqual([expect.objectContaining({ year: 2027, assignType: 'teamMembers', assignIds: [12] })]);
    expect(updates(fetch)[0]).not.toHaveProperty('startingBalances');
  });
});

describe("the plan edit panel: a rule's accrual settings", () => {
  it("opens the rule the server refuses again, its message under the field, and saves once it is changed", async () => {
    const onClose = vi.fn();
    const { fetch } = server({ refuse: { 'rules[1].carryoverExpiresAfter': ['Nothing is carried over under use it or lose it'] } });
    const dock = await openDock(onClose);
    const user = userEvent.setup();
    await user.click(within(dock).getByRole('button', { name: 'Edit the rule of Sick' }));
    await user.click(within(dock).getByRole('button', { name: 'Accrual settings' }));
    await user.type(within(dock).getByRole('textbox', { name: /Carried-over hours expire after/ }), '90');
    await user.click(within(dock).getByRole('button', { name: 'Done with Sick' }));
    await user.click(within(dock).getByRole('button', { name: 'Save' }));

    const expiry = await within(dock).findByRole('textbox', { name: /Carried-over hours expire after/ });
    expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Nothing is carried over under use it or lose it'));
    expect(within(dock).getByRole('button', { name: 'Done with Sick' })).toBeInTheDocument();
    expect(within(dock).queryByTestId('form-error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    const sent = updates(fetch)[0]!.rules as Record<string, unknown>[];
    expect(sent.map((rule) => [rule.ptoTypeId, rule.carryoverExpiresAfter])).toEqual([
      [5, ''],
      [6, '90'],
    ]);

    await user.clear(expiry);
    await user.type(expiry, '60');
    expect(expiry).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dock).getByRole('button', { name: 'Done with Sick' }));
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((updates(fetch)[1]!.rules as Record<string, unknown>[])[1]).toMatchObject({ ptoTypeId: 6, carryoverExpiresAfter: '60', carryoverExpiryUnit: 'days' });
  });
});
