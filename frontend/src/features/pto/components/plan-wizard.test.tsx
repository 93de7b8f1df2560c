import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { STARTING_BALANCE_MESSAGE } from '../api/employee-pto';
import { PLAN_SAVED, type BalancePerson, type PtoManageData } from '../api/plans';
import { balanceType } from '../testing/balance-detail';
import { callsTo, PLANS, ptoManageServer, TYPES } from '../testing/pto-manage-server';
import { PlanWizard } from './plan-wizard';

afterEach(() => vi.restoreAllMocks());

const DATA: PtoManageData = { ptoTypes: TYPES, ptoPolicies: PLANS, ptoRules: [], jobRoles: [], paidHolidays: [], currentYear: 2026 };

/**
 * Emma and Liam come from Standard (3): Emma's Vacation is in both plans (12.50 hrs now), Sick only
 * in the new one; Floating is only in her current plan. Noah has no plan.
 */
const DETAIL: BalancePerson[] = [
  {
    employeeId: 9,
    firstname: 'Emma',
    lastname: 'Brooks',
    currentPlanId: 3,
    types: [
      balanceType({ includedInCurrentPlan: true, balanceOfCurrentPlan: 750 }),
      balanceType({ id: 6, name: 'Sick', balanceOfNewPlan: 2400 }),
      balanceType({ id: 8, name: 'Floating', includedInCurrentPlan: true, includedInNewPlan: false, balanceOfCurrentPlan: 480 }),
    ],
  },
  { employeeId: 10, firstname: 'Liam', lastname: 'Carter', currentPlanId: 3, types: [balanceType({ includedInCurrentPlan: true, balanceOfCurrentPlan: 600 }), balanceType({ id: 6, name: 'Sick', balanceOfNewPlan: 2400 })] },
  { employeeId: 12, firstname: 'Noah', lastname: 'Evans', currentPlanId: null, types: [balanceType({}), balanceType({ id: 6, name: 'Sick', balanceOfNewPlan: 2400 })] },
];

function server({ detail = DETAIL, refuse = null as Record<string, string[]> | null } = {}) {
  const state = { refuse };
  const { fetch } = ptoManageServer({
    extra: {
      'POST /settings/get-balance-detail': () => response({ json: { employees: detail } }),
      'POST /settings/save-pto-plan': () =>
        state.refuse
          ? response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors: state.refuse } })
          : response({ json: PLANS[0] }),
    },
  });
  return { fetch, state };
}

const field = (type: string, person: string) => screen.getByRole('textbox', { name: `${type} starting balance for ${person}` });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

/** Name 'Flex' with Vacation and Sick at 80 and 40 hrs/year for 2026, assigned to the entire team. */
async function throughAssign(user: UserEvent) {
  const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
  await user.type(within(wizard).getByRole('textbox', { name: /Plan name/ }), 'Flex');
  await user.click(within(wizard).getByRole('checkbox', { name: 'Vacation' }));
  await user.click(within(wizard).getByRole('checkbox', { name: 'Sick' }));
  await next(user);
  await next(user);
  for (const [type, rate] of [
    ['Vacation', '80'],
    ['Sick', '40'],
  ] as const) {
    await user.click(screen.getByRole('button', { name: `Set the rule of ${type}` }));
    await user.click(screen.getByRole('radio', { name: 'All at once at the start of the year' }));
    await user.type(screen.getByRole('textbox', { name: /Hours per year/ }), rate);
    await user.click(screen.getByRole('button', { name: `Done with ${type}` }));
  }
  await next(user);
  await user.click(screen.getByRole('radio', { name: 'The entire team' }));
  await next(user);
}

describe('the plan wizard, step 10: starting balances (002 §2)', () => {
  it('shows people coming from another plan, then those without one, and sends only the changed balances', async () => {
    const shown = vi.spyOn(notifications, 'show');
    const onClose = vi.fn();
    const { fetch } = server();
    renderWithApp(<PlanWizard data={DATA} opened onClose={onClose} />);
    const user = userEvent.setup();
    await throughAssign(user);

    // Step 1: people coming from another plan.
    const moving = await screen.findByTestId('balances-moving');
    expect(within(moving).getByRole('heading', { name: 'People coming from another plan' })).toBeInTheDocument();
    expect(screen.queryByTestId('balances-joining')).toBeNull();
    expect(callsTo(fetch, '/settings/get-balance-detail')).toHaveLength(1);
    expect(bodyOf(callsTo(fetch, '/settings/get-balance-detail')[0]!.init)).toMatchObject({
      assignType: 'entireTeam',
      assignIds: [],
      year: 2026,
      rules: [
        { ptoTypeId: 5, method: 'PER_CALENDAR_YEAR', rate: '80', rateUnit: '1' },
        { ptoTypeId: 6, method: 'PER_CALENDAR_YEAR', rate: '40', rateUnit: '1' },
      ],
    });
    // In both plans: the current plan's balance; only in the new one: the new plan's.
    expect(field('Vacation', 'Emma Brooks')).toHaveValue('12.50');
    expect(field('Sick', 'Emma Brooks')).toHaveValue('40.00');
    expect(field('Vacation', 'Liam Carter')).toHaveValue('10.00');
    expect(screen.queryByRole('textbox', { name: /^Floating/ })).toBeNull();
    const emma = within(moving).getAllByTestId('balance-row')[0]!;
    expect(emma).toHaveTextContent('Emma Brooks');
    expect(emma).toHaveTextContent('12.50 hrs');
    expect(emma).toHaveTextContent('80.00 hrs');
    expect(within(moving).getAllByTestId('balance-row')[1]).toHaveTextContent('Not in the plan');
    expect(screen.getByText('Balances')).toBeInTheDocument();

    // Liam gets the new plan's balance: nothing to send for him.
    await user.clear(field('Vacation', 'Liam Carter'));
    await user.type(field('Vacation', 'Liam Carter'), '80');
    await user.clear(field('Sick', 'Emma Brooks'));
    await user.type(field('Sick', 'Emma Brooks'), '5.5');
    await next(user);

    // Step 2: people without a plan.
    const joining = await screen.findByTestId('balances-joining');
    expect(within(joining).getByRole('heading', { name: 'People without a plan' })).toBeInTheDocument();
    expect(screen.queryByTestId('balances-moving')).toBeNull();
    expect(field('Vacation', 'Noah Evans')).toHaveValue('80.00');
    expect(field('Sick', 'Noah Evans')).toHaveValue('40.00');
    await user.clear(field('Sick', 'Noah Evans'));
    await user.type(field('Sick', 'Noah Evans'), '-3');
    // Back and forth keeps what was typed.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field('Sick', 'Emma Brooks')).toHaveValue('5.5');
    await next(user);
    expect(field('Sick', 'Noah Evans')).toHaveValue('-3');
    await next(user);

    expect(await screen.findByTestId('wizard-recap-balances')).toHaveTextContent('2 people get an adjusted starting balance.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: PLAN_SAVED }));
    const body = bodyOf(callsTo(fetch, '/settings/save-pto-plan')[0]!.init);
    expect(body).toMatchObject({ name: 'Flex', year: 2026, assignType: 'entireTeam', assignIds: [] });
    expect((body as { startingBalances: unknown }).startingBalances).toEqual([
      { employeeId: 9, ptoTypeId: 5, startingBalance: '12.50' },
      { employeeId: 9, ptoTypeId: 6, startingBalance: '5.5' },
      { employeeId: 12, ptoTypeId: 6, startingBalance: '-3' },
    ]);
  });

  it('flags a starting balance that is no number of hours and blocks Next', async () => {
    const { fetch } = server();
    renderWithApp(<PlanWizard data={DATA} opened onClose={() => {}} />);
    const user = userEvent.setup();
    await throughAssign(user);
    const vacation = await screen.findByRole('textbox', { name: 'Vacation starting balance for Emma Brooks' });
    for (const bad of ['abc', '1.234', '', '--2', '3.']) {
      await user.clear(vacation);
      if (bad) await user.type(vacation, bad);
      expect(vacation).toHaveAccessibleDescription(STARTING_BALANCE_MESSAGE);
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    }
    await user.clear(vacation);
    await user.type(vacation, '-12.25');
    expect(vacation).not.toHaveAttribute('aria-invalid', 'true');
    await next(user);
    expect(await screen.findByTestId('balances-joining')).toBeInTheDocument();
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(fetch, '/settings/save-pto-plan')).toHaveLength(1));
    // Liam's Vacation is carried over from his current plan: it differs from the new plan's too.
    expect((bodyOf(callsTo(fetch, '/settings/save-pto-plan')[0]!.init) as { startingBalances: unknown }).startingBalances).toEqual([
      { employeeId: 9, ptoTypeId: 5, startingBalance: '-12.25' },
      { employeeId: 10, ptoTypeId: 5, startingBalance: '10.00' },
    ]);
  });

  it("puts the server's message on the field of the entry it names, back on its sub-step", async () => {
    const onClose = vi.fn();
    // Emma's Vacation is as much under both plans: nothing is carried over unless changed.
    const detail = [
      { ...DETAIL[0]!, types: [balanceType({ includedInCurrentPlan: true, balanceOfCurrentPlan: 4800 })] },
      DETAIL[2]!,
    ];
    const { fetch, state } = server({ detail, refuse: { 'startingBalances[0].startingBalance': [STARTING_BALANCE_MESSAGE] } });
    renderWithApp(<PlanWizard data={DATA} opened onClose={onClose} />);
    const user = userEvent.setup();
    await throughAssign(user);
    await screen.findByTestId('balances-moving');
    expect(field('Vacation', 'Emma Brooks')).toHaveValue('80.00');
    await user.clear(field('Vacation', 'Emma Brooks'));
    await user.type(field('Vacation', 'Emma Brooks'), '99999999');
    await next(user);
    await user.clear(field('Sick', 'Noah Evans'));
    await user.type(field('Sick', 'Noah Evans'), '12');
    await next(user);
    expect(await screen.findByTestId('wizard-recap-balances')).toHaveTextContent('2 people get an adjusted starting balance.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Sent: Emma's Vacation (0), Noah's Sick (1). Back on the sub-step of the refused one, its message under it.
    await waitFor(() => expect(field('Vacation', 'Emma Brooks')).toHaveAccessibleDescription(STARTING_BALANCE_MESSAGE));
    expect(screen.getByTestId('balances-moving')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await next(user);
    expect(field('Sick', 'Noah Evans')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    state.refuse = null;
    await user.clear(field('Vacation', 'Emma Brooks'));
    await user.type(field('Vacation', 'Emma Brooks'), '90');
    // A changed field drops the server's message.
    expect(field('Vacation', 'Emma Brooks')).not.toHaveAttribute('aria-invalid', 'true');
    await next(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((bodyOf(callsTo(fetch, '/settings/save-pto-plan')[1]!.init) as { startingBalances: unknown }).startingBalances).toEqual([
      { employeeId: 9, ptoTypeId: 5, startingBalance: '90' },
      { employeeId: 12, ptoTypeId: 6, startingBalance: '12' },
    ]);
  });

  it('skips step 10 when the detail names nobody, and when nobody is assigned', async () => {
    const { fetch } = server({ detail: [] });
    renderWithApp(<PlanWizard data={DATA} opened onClose={() => {}} />);
    const user = userEvent.setup();
    await throughAssign(user);
    expect(await screen.findByTestId('wizard-recap')).toBeInTheDocument();
    expect(screen.queryByTestId('wizard-recap-balances')).toBeNull();
    expect(callsTo(fetch, '/settings/get-balance-detail')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('radio', { name: "Don't assign yet" }));
    await next(user);
    expect(await screen.findByTestId('wizard-recap')).toBeInTheDocument();
    expect(callsTo(fetch, '/settings/get-balance-detail')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(fetch, '/settings/save-pto-plan')).toHaveLength(1));
    const body = bodyOf(callsTo(fetch, '/settings/save-pto-plan')[0]!.init);
    expect(body).toMatchObject({ assignType: 'none', assignIds: [] });
    expect(body).not.toHaveProperty('startingBalances');
  });

  it('goes straight to people without a plan when nobody comes from another one, in cards on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      server({ detail: [DETAIL[2]!] });
      renderWithApp(<PlanWizard data={DATA} opened onClose={() => {}} />);
      const user = userEvent.setup();
      await throughAssign(user);
      const joining = await screen.findByTestId('balances-joining');
      expect(screen.queryByTestId('balance-table')).toBeNull();
      const card = within(joining).getByTestId('balance-person');
      expect(card).toHaveTextContent('Noah Evans');
      expect(within(card).getByText('Sick (hrs)')).toBeInTheDocument();
      expect(field('Sick', 'Noah Evans')).toHaveAccessibleDescription('New plan: 40.00 hrs');
      // Back from the only sub-step is Assign.
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('radio', { name: 'The entire team' })).toBeChecked();
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('the plan wizard, steps 1 and 8–9: what Next checks (002 §2, §5)', () => {
  it('keeps each problem of a step under its field until the next Next, and sends the plan as chosen', async () => {
    const onClose = vi.fn();
    const { fetch } = server();
    const roles: PtoManageData = { ...DATA, jobRoles: [{ id: 4, name: 'Agent' }] };
    renderWithApp(<PlanWizard data={roles} opened onClose={onClose} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    const name = within(wizard).getByRole('textbox', { name: /Plan name/ });

    await next(user);
    expect(name).toHaveAccessibleDescription('Please input the Name');
    expect(within(wizard).getByText('Please choose at least one PTO type')).toBeInTheDocument();
    // Typing does not take the problem away: the next Next checks again.
    await user.type(name, '  Flex ');
    expect(name).toHaveAccessibleDescription('Please input the Name');
    await next(user);
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(wizard).getByText('Please choose at least one PTO type')).toBeInTheDocument();
    await user.click(within(wizard).getByRole('checkbox', { name: 'Vacation' }));
    await next(user);

    // Year: next year; a single type opens its rule at once.
    await user.click(screen.getByRole('radio', { name: '2027' }));
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'All at once at the start of the year' }));
    await user.type(screen.getByRole('textbox', { name: /Hours per year/ }), '80');
    await user.click(screen.getByRole('button', { name: 'Done with Vacation' }));
    expect(screen.getByTestId('wizard-rule')).toHaveTextContent('Done');
    await next(user);

    await next(user);
    expect(screen.getByRole('radiogroup', { name: /Who gets this plan\?/ })).toHaveAccessibleDescription('Please choose who this plan is for');
    await user.click(screen.getByRole('radio', { name: 'Select team members' }));
    await next(user);
    expect(screen.getByText('Please choose at least one team member')).toBeInTheDocument();
    expect(screen.queryByText('Please choose who this plan is for')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'By job role' }));
    await next(user);
    expect(screen.getByText('Please choose at least one job role')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: "Don't assign yet" }));
    await next(user);

    expect(await screen.findByTestId('wizard-recap')).toHaveTextContent('Vacation80 hrs/year');
    expect(screen.getByText(/for 2027/)).toBeInTheDocument();
    expect(screen.getByTestId('wizard-recap-assignees')).toHaveTextContent('Who gets it: Nobody yet (not assigned)');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetch, '/settings/get-balance-detail')).toHaveLength(0);
    expect(bodyOf(callsTo(fetch, '/settings/save-pto-plan')[0]!.init)).toEqual({
      name: 'Flex',
      year: 2027,
      assignType: 'none',
      assignIds: [],
      rules: [
        {
          ptoTypeId: 5,
          method: 'PER_CALENDAR_YEAR',
          rate: '80',
          rateUnit: '1',
          prorated: true,
          waitingPeriodEnabled: false,
          waitingPeriod: '',
          startAfterWaitingPeriod: false,
          carryoverPolicy: 'allowCarryover',
          maxCarryoverEnabled: false,
          maxCarryover: '',
          maxBalanceEnabled: false,
          maxBalance: '',
          yearlyAccrualCap: '',
          yearlyUseCap: '',
          usableAfterDays: '',
          usableCounting: 'afterDays',
          minIncrement: '',
          // The accrual settings' defaults.
          accrualPeriod: 'months',
          rateBasis: 'perPeriod',
          periodAnchor: 'joining',
          creditOn: 'periodEnd',
          rounding: 'none',
          carryoverExpiresAfter: '',
          carryoverExpiryUnit: 'days',
          yearStart: 'default',
          fiscalYearStart: '',
          serviceTiers: [],
        },
      ],
    });
  });
});

describe('the plan wizard: Back from a rule, and the recap (issue 36)', () => {
  const PEOPLE = [
    { id: 21, firstname: 'Ada', lastname: 'Lovelace' },
    { id: 22, firstname: 'Alan', lastname: 'Turing' },
  ];
  const people = () => response({ json: { employees: PEOPLE, count: PEOPLE.length } });

  it('goes back from the rule a single type opened to the year, keeping what was typed', async () => {
    ptoManageServer();
    renderWithApp(<PlanWizard data={DATA} opened onClose={() => {}} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(within(wizard).getByRole('textbox', { name: /Plan name/ }), 'Flex');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Vacation' }));
    await next(user);
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'Accrued per hours clocked' }));
    await user.type(screen.getByRole('textbox', { name: /^Hours/ }), '1.5');
    await user.type(screen.getByRole('textbox', { name: /For every/ }), '30');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: '2026' })).toBeChecked();
    await next(user);
    expect(screen.getByRole('radio', { name: 'Accrued per hours clocked' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Hours/ })).toHaveValue('1.5');
    expect(screen.getByRole('textbox', { name: /For every/ })).toHaveValue('30');
  });

  it('goes back from an open rule to the list of types when there are several, keeping the rule', async () => {
    ptoManageServer();
    renderWithApp(<PlanWizard data={DATA} opened onClose={() => {}} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(within(wizard).getByRole('textbox', { name: /Plan name/ }), 'Flex');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Vacation' }));
    await user.click(within(wizard).getByRole('checkbox', { name: 'Sick' }));
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Set the rule of Vacation' }));
    await user.click(screen.getByRole('radio', { name: 'All at once at the start of the year' }));
    await user.type(screen.getByRole('textbox', { name: /Hours per year/ }), '80');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getAllByTestId('wizard-rule')).toHaveLength(2);
    // The rule is whole: Back kept it, so it counts as done.
    expect(screen.getAllByTestId('wizard-rule')[0]).toHaveTextContent('Done');
    await user.click(screen.getByRole('button', { name: 'Set the rule of Vacation' }));
    expect(screen.getByRole('textbox', { name: /Hours per year/ })).toHaveValue('80');
  });

  it('names the chosen people and each rule\'s carryover cap in the recap', async () => {
    ptoManageServer({
      extra: {
        'GET /manage/employees': people,
        'POST /settings/get-balance-detail': () => response({ json: { employees: [] } }),
      },
    });
    const roles: PtoManageData = { ...DATA, jobRoles: [{ id: 4, name: 'Agent' }, { id: 7, name: 'Producer' }] };
    renderWithApp(<PlanWizard data={roles} opened onClose={() => {}} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(within(wizard).getByRole('textbox', { name: /Plan name/ }), 'Flex');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Vacation' }));
    await user.click(within(wizard).getByRole('checkbox', { name: 'Sick' }));
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Set the rule of Vacation' }));
    await user.click(screen.getByRole('radio', { name: 'All at once at the start of the year' }));
    await user.type(screen.getByRole('textbox', { name: /Hours per year/ }), '80');
    await user.click(screen.getByRole('checkbox', { name: 'Cap the carryover' }));
    await user.type(screen.getByRole('textbox', { name: 'Most hours carried over' }), '16');
    await user.click(screen.getByRole('button', { name: 'Done with Vacation' }));
    await user.click(screen.getByRole('button', { name: 'Set the rule of Sick' }));
    await user.click(screen.getByRole('radio', { name: 'All at once at the start of the year' }));
    await user.type(screen.getByRole('textbox', { name: /Hours per year/ }), '40');
    await user.click(screen.getByRole('radio', { name: 'Use it or lose it' }));
    await user.click(screen.getByRole('button', { name: 'Done with Sick' }));
    await next(user);

    await user.click(screen.getByRole('radio', { name: 'Select team members' }));
    await user.click(screen.getByRole('combobox', { name: 'Team members' }));
    await user.click(await screen.findByRole('option', { name: 'Alan Turing' }));
    await user.click(screen.getByRole('option', { name: 'Ada Lovelace' }));
    await next(user);

    expect(await screen.findByTestId('wizard-recap-assignees')).toHaveTextContent('Who gets it: Team members: Alan Turing, Ada Lovelace');
    const rows = within(screen.getByTestId('wizard-recap')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Vacation', '80 hrs/year', 'Carryover up to 16 hrs'],
      ['Sick', '40 hrs/year', 'Use it or lose it'],
    ]);

    // By job role: the roles by name.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('radio', { name: 'By job role' }));
    await user.click(screen.getByRole('combobox', { name: 'Job roles' }));
    await user.click(await screen.findByRole('option', { name: 'Producer' }));
    await next(user);
    expect(await screen.findByTestId('wizard-recap-assignees')).toHaveTextContent('Who gets it: Job roles: Producer');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('radio', { name: 'The entire team' }));
    await next(user);
    expect(await screen.findByTestId('wizard-recap-assignees')).toHaveTextContent('Who gets it: The entire team');
  });
});

describe('the plan wizard in a company without job roles (issue 36)', () => {
  it('says where job roles are added, and closes as the link leaves', async () => {
    ptoManageServer();
    const onClose = vi.fn();
    renderWithApp(<PlanWizard data={DATA} opened onClose={onClose} />, { path: '/admin/ptomanage' });
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(within(wizard).getByRole('textbox', { name: /Plan name/ }), 'Flex');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Vacation' }));
    await next(user);
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'All at once at the start of the year' }));
    await user.type(screen.getByRole('textbox', { name: /Hours per year/ }), '80');
    await user.click(screen.getByRole('button', { name: 'Done with Vacation' }));
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'By job role' }));
    expect(screen.getByRole('combobox', { name: 'Job roles' })).toHaveAccessibleDescription('No job roles yet — add them in Settings › Job Roles');
    const link = screen.getByRole('link', { name: 'Settings › Job Roles' });
    expect(link).toHaveAttribute('href', '/admin/manage/settings?tab=4&return=%2Fadmin%2Fptomanage');
    await user.click(link);
    expect(onClose).toHaveBeenCalled();
  });
});

describe("the plan wizard: a rule's accrual settings", () => {
  it("sends the settings chosen, and takes a rule the server refuses back to its field", async () => {
    const onClose = vi.fn();
    const { fetch, state } = server({ refuse: { 'rules[0].fiscalYearStart': ["Please input the fiscal year's first day as MM-DD (any day but 29 February)"] } });
    renderWithApp(<PlanWizard data={DATA} opened onClose={onClose} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(within(wizard).getByRole('textbox', { name: /Plan name/ }), 'Flex');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Vacation' }));
    await next(user);
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'Accrued per month employed' }));
    await user.click(screen.getByRole('button', { name: 'Accrual settings' }));
    const settings = screen.getByTestId('accrual-settings');
    await user.click(within(settings).getByRole('radio', { name: 'Every two weeks' }));
    await user.type(screen.getByRole('textbox', { name: /Hours per period/ }), '3');
    await user.click(within(settings).getByRole('radio', { name: 'Fiscal year' }));
    await user.type(within(settings).getByRole('textbox', { name: /Fiscal year's first day/ }), '02-29');
    await user.click(within(settings).getByRole('button', { name: 'Add tier' }));
    await user.type(within(settings).getByRole('textbox', { name: 'Tier 1: year of service' }), '5');
    await user.type(within(settings).getByRole('textbox', { name: 'Tier 1: hours' }), '4');
    await user.click(screen.getByRole('button', { name: 'Done with Vacation' }));
    await next(user);
    await user.click(screen.getByRole('radio', { name: "Don't assign yet" }));
    await next(user);
    expect(await screen.findByTestId('wizard-recap')).toHaveTextContent('3 hrs per 2 weeks');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Back on the rule, open, the server's message under the field; no alert.
    const fiscal = await screen.findByRole('textbox', { name: /Fiscal year's first day/ });
    expect(fiscal).toHaveAccessibleDescription("Please input the fiscal year's first day as MM-DD (any day but 29 February)");
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect((bodyOf(callsTo(fetch, '/settings/save-pto-plan')[0]!.init) as { rules: unknown[] }).rules[0]).toMatchObject({
      ptoTypeId: 5,
      method: 'PER_PAY_PERIOD',
      rate: '3',
      rateUnit: '1',
      accrualPeriod: 'biweekly',
      rateBasis: 'perPeriod',
      periodAnchor: 'joining',
      creditOn: 'periodEnd',
      rounding: 'none',
      carryoverExpiresAfter: '',
      carryoverExpiryUnit: 'days',
      yearStart: 'fiscal',
      fiscalYearStart: '02-29',
      serviceTiers: [{ fromYear: '5', rate: '4' }],
    });

    // A new day drops the message; the plan then saves.
    state.refuse = null;
    await user.clear(fiscal);
    await user.type(fiscal, '03-01');
    expect(fiscal).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Done with Vacation' }));
    await next(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((bodyOf(callsTo(fetch, '/settings/save-pto-plan')[1]!.init) as { rules: unknown[] }).rules[0]).toMatchObject({ yearStart: 'fiscal', fiscalYearStart: '03-01' });
  });
});
