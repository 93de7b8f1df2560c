import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { LAST_RULE, PTO_RULE_SAVED, RULE_CHANGE_INFO } from '../api/rules';
import { callsTo, PLANS, planRule, ptoManageServer, ptoPlan } from '../testing/pto-manage-server';
import { PtoRulesSection, RULE_TYPE_REQUIRED } from './pto-rules-section';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The rule rows under a plan's heading. */
const rowsOf = (planName: string) => {
  const group = screen.getAllByTestId('pto-rules-plan').find((section) => within(section).queryByRole('heading', { level: 3, name: planName }));
  if (!group) throw new Error(`no rules for ${planName}`);
  return within(group).getAllByTestId('pto-rule');
};

describe('Settings, PTO Rules (002 §2, §7)', () => {
  it('lists every rule of every plan under its plan, with the server summary and the recalculation note', async () => {
    ptoManageServer();
    renderWithApp(<PtoRulesSection canEdit />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Standard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Part-time' })).toBeInTheDocument();
    const standard = rowsOf('Standard');
    expect(standard).toHaveLength(2);
    expect(standard[0]).toHaveTextContent('Vacation');
    expect(standard[0]).toHaveTextContent('80 hrs/year');
    expect(standard[1]).toHaveTextContent('Sick');
    expect(standard[1]).toHaveTextContent('40 hrs/year');
    expect(rowsOf('Part-time')[0]).toHaveTextContent('1 hrs per 30 worked hours');
    expect(screen.getByTestId('pto-rules-info')).toHaveTextContent(RULE_CHANGE_INFO);
  });

  it("edits a rule in the 'PTO Rule' panel: the server's refusal goes on its field, then update-pto-rule saves it", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const { fetch, state } = ptoManageServer();
    renderWithApp(<PtoRulesSection canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the Vacation rule of Standard' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO Rule' });
    expect(screen.getByTestId('pto-rule-dock')).toHaveAttribute('data-width', '650');
    const rate = within(dock).getByRole('textbox', { name: /Hours per year/ });
    expect(rate).toHaveValue('80');

    // The form checks first: an empty rate never reaches the server.
    await user.clear(rate);
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText('Please input the Hours per year')).toBeInTheDocument();
    expect(callsTo(fetch, '/settings/update-pto-rule')).toHaveLength(0);

    state.refuse = { rate: ['Please input at most 8784 hours'] };
    await user.type(rate, '9000');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rate).toHaveAttribute('aria-invalid', 'true'));
    expect(rate).toHaveAccessibleDescription(expect.stringContaining('Please input at most 8784 hours'));
    expect(within(dock).queryByTestId('form-error')).toBeNull();

    state.refuse = null;
    await user.clear(rate);
    await user.type(rate, '120');
    // A changed field drops the server's message about it.
    expect(rate).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'PTO Rule' })).toBeNull());
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: PTO_RULE_SAVED }));
    const posts = callsTo(fetch, '/settings/update-pto-rule');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.init.method).toBe('POST');
    expect(bodyOf(posts[1]!.init)).toEqual({
      id: 31,
      ptoPolicyId: 3,
      ptoTypeId: 5,
      method: 'PER_CALENDAR_YEAR',
      rate: '120',
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
    });
    // The list is fetched again and shows the server's new summary.
    await waitFor(() => expect(rowsOf('Standard')[0]).toHaveTextContent('120 hrs/year'));
  });

  it("loads a rule's accrual settings, sends them back untouched, and puts the server's messages under their fields", async () => {
    const accruing = planRule({
      id: 41,
      ptoPolicyId: 4,
      method: 'PER_PAY_PERIOD',
      rate: 80,
      rateUnit: 1,
      accrualPeriod: 'semiMonthly',
      rateBasis: 'perYear',
      periodAnchor: 'calendar',
      creditOn: 'periodStart',
      rounding: 'quarterHour',
      carryoverExpiresAfter: 3,
      carryoverExpiryUnit: 'months',
      yearStart: 'hireAnniversary',
      fiscalYearStart: null,
      serviceTiers: [
        { fromYear: 3, rate: 120 },
        { fromYear: 10, rate: 160.5 },
      ],
      summary: '80 hrs/year, credited per half month',
    });
    const { fetch, state } = ptoManageServer({ plans: [PLANS[0]!, ptoPlan({ id: 4, name: 'Part-time', kind: 'Accrued', rules: [accruing] })] });
    renderWithApp(<PtoRulesSection canEdit />);
    const user = userEvent.setup();
    expect(await screen.findByText('80 hrs/year, credited per half month')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit the Vacation rule of Part-time' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO Rule' });
    // Settings of its own: the group starts open, each as saved.
    expect(within(dock).getByRole('button', { name: 'Accrual settings' })).toHaveAttribute('aria-expanded', 'true');
    const settings = within(dock).getByTestId('accrual-settings');
    expect(within(dock).getByRole('textbox', { name: /Hours a year/ })).toHaveValue('80');
    expect(within(dock).queryByRole('textbox', { name: /For every/ })).toBeNull();
    expect(within(settings).getByRole('radio', { name: 'Twice a month' })).toBeChecked();
    expect(within(settings).getByRole('radio', { name: 'Hours a year, split across the periods' })).toBeChecked();
    expect(within(settings).getByRole('radio', { name: 'Calendar periods (the joining period prorated)' })).toBeChecked();
    expect(within(settings).getByRole('radio', { name: /First day of the period/ })).toBeChecked();
    expect(within(settings).getByRole('combobox', { name: 'Rounding' })).toHaveValue('Nearest 0.25 h');
    expect(within(settings).getByRole('textbox', { name: /Carried-over hours expire after/ })).toHaveValue('3');
    expect(within(within(settings).getByRole('radiogroup', { name: 'Counted in' })).getByRole('radio', { name: 'Months' })).toBeChecked();
    expect(within(settings).getByRole('radio', { name: 'Hire anniversary' })).toBeChecked();
    expect(within(settings).getAllByTestId('service-tier')).toHaveLength(2);
    expect(within(settings).getByRole('textbox', { name: 'Tier 2: year of service' })).toHaveValue('10');
    expect(within(settings).getByRole('textbox', { name: 'Tier 2: hours' })).toHaveValue('160.5');

    state.refuse = {
      carryoverExpiresAfter: ['Please input whole months from 1 to 24'],
      'serviceTiers[1].rate': ['Please input a number of hours, 0 or more, with at most 2 decimals'],
    };
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    const expiry = within(settings).getByRole('textbox', { name: /Carried-over hours expire after/ });
    const tierRate = within(settings).getByRole('textbox', { name: 'Tier 2: hours' });
    await waitFor(() => expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Please input whole months from 1 to 24')));
    expect(tierRate).toHaveAccessibleDescription('Please input a number of hours, 0 or more, with at most 2 decimals');
    expect(within(settings).getByRole('textbox', { name: 'Tier 1: hours' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dock).queryByTestId('form-error')).toBeNull();
    // Untouched, the settings went as they came.
    expect(bodyOf(callsTo(fetch, '/settings/update-pto-rule')[0]!.init)).toMatchObject({
      id: 41,
      ptoPolicyId: 4,
      method: 'PER_PAY_PERIOD',
      rate: '80',
      rateUnit: '1',
      accrualPeriod: 'semiMonthly',
      rateBasis: 'perYear',
      periodAnchor: 'calendar',
      creditOn: 'periodStart',
      rounding: 'quarterHour',
      carryoverExpiresAfter: '3',
      carryoverExpiryUnit: 'months',
      yearStart: 'hireAnniversary',
      fiscalYearStart: '',
      serviceTiers: [
        { fromYear: '3', rate: '120' },
        { fromYear: '10', rate: '160.5' },
      ],
    });

    // A changed tier drops its message; the other stays until its field changes.
    await user.clear(tierRate);
    await user.type(tierRate, '16');
    expect(tierRate).not.toHaveAttribute('aria-invalid', 'true');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');

    // A fiscal year's first day is the server's to check: its message goes under the field.
    state.refuse = { fiscalYearStart: ["Please input the fiscal year's first day as MM-DD (any day but 29 February)"] };
    await user.click(within(settings).getByRole('radio', { name: 'Fiscal year' }));
    await user.type(within(settings).getByRole('textbox', { name: /Fiscal year's first day/ }), '02-29');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(settings).getByRole('textbox', { name: /Fiscal year's first day/ })).toHaveAccessibleDescription(
        "Please input the fiscal year's first day as MM-DD (any day but 29 February)",
      ),
    );
    expect(bodyOf(callsTo(fetch, '/settings/update-pto-rule')[1]!.init)).toMatchObject({ yearStart: 'fiscal', fiscalYearStart: '02-29', serviceTiers: [{ fromYear: '3', rate: '120' }, { fromYear: '10', rate: '16' }] });
  });

  it("shows a refusal for a field the panel has no input for in the 'Sorry' alert", async () => {
    const { state } = ptoManageServer();
    state.refuse = { ptoPolicyId: ['Please choose the PTO plan'] };
    renderWithApp(<PtoRulesSection canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the Sick rule of Standard' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO Rule' });
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByTestId('form-error')).toHaveTextContent('Sorry Please choose the PTO plan');
  });

  it('adds a rule for a paid type the plan does not include yet, saved without an id', async () => {
    const { fetch } = ptoManageServer();
    renderWithApp(<PtoRulesSection canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a rule to Standard' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO Rule' });
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText(RULE_TYPE_REQUIRED)).toBeInTheDocument();

    await user.click(within(dock).getByLabelText('PTO type', { selector: 'input', exact: false }));
    // Vacation and Sick are in the plan already; unpaid types have no rule.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Floating']);
    await user.click(screen.getByRole('option', { name: 'Floating' }));
    expect(within(dock).getByRole('radio', { name: 'All at once at the start of the year' })).toBeChecked();
    await user.type(within(dock).getByRole('textbox', { name: /Hours per year/ }), '16');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'PTO Rule' })).toBeNull());
    const body = bodyOf(callsTo(fetch, '/settings/update-pto-rule')[0]!.init) as Record<string, unknown>;
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ ptoPolicyId: 3, ptoTypeId: 8, method: 'PER_CALENDAR_YEAR', rate: '16', rateUnit: '1', prorated: true });
    await waitFor(() => expect(rowsOf('Standard')).toHaveLength(3));
    expect(rowsOf('Standard')[2]).toHaveTextContent('Floating');
    // Every paid type is in Standard now.
    expect(screen.getByRole('button', { name: 'Add a rule to Standard' })).toBeDisabled();
  });

  it('deletes a rule after the confirmation with inactive-pto-rule?id', async () => {
    const { fetch } = ptoManageServer();
    renderWithApp(<PtoRulesSection canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the Sick rule of Standard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you do this there's no going back!");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowsOf('Standard')).toHaveLength(1));
    const post = callsTo(fetch, '/settings/inactive-pto-rule')[0]!;
    expect(post.url).toBe('/server/v1/settings/inactive-pto-rule?id=32');
    expect(post.init.method).toBe('POST');
    expect(post.init.body).toBeUndefined();
    // Vacation is Standard's last rule now: its Delete is blocked, saying why.
    expect(screen.getByRole('button', { name: 'Delete the Vacation rule of Standard' })).toBeDisabled();
  });

  it("blocks deleting a plan's last rule, and shows the server's 409 when it refuses one", async () => {
    const { state } = ptoManageServer();
    state.conflictOn.add(31);
    renderWithApp(<PtoRulesSection canEdit />);
    const user = userEvent.setup();
    const lastDelete = await screen.findByRole('button', { name: 'Delete the Vacation rule of Part-time' });
    expect(lastDelete).toBeDisabled();
    await user.hover(within(rowsOf('Part-time')[0]!).getByTestId('delete-blocked'));
    expect(await screen.findByText(LAST_RULE)).toBeInTheDocument();
    await user.unhover(within(rowsOf('Part-time')[0]!).getByTestId('delete-blocked'));

    await user.click(screen.getByRole('button', { name: 'Delete the Vacation rule of Standard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(`Sorry ${LAST_RULE}`);
    expect(rowsOf('Standard')).toHaveLength(2);
  });

  it('stacks the rules as cards on a phone, the panel taking the full width', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      ptoManageServer();
      renderWithApp(<PtoRulesSection canEdit />);
      const rows = await screen.findAllByTestId('pto-rule');
      expect(rows).toHaveLength(3);
      expect(screen.queryByRole('table')).toBeNull();
      expect(rows[0]).toHaveTextContent('80 hrs/year');
      await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Edit the Vacation rule of Standard' }));
      await screen.findByRole('dialog', { name: 'PTO Rule' });
      expect(screen.getByTestId('pto-rule-dock')).toHaveAttribute('data-width', 'full');
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows a manager the rules without Edit, Delete or Add', async () => {
    ptoManageServer();
    renderWithApp(<PtoRulesSection canEdit={false} />);
    expect(await screen.findAllByTestId('pto-rule')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('pto-rules-info')).toHaveTextContent(RULE_CHANGE_INFO);
  });
});
