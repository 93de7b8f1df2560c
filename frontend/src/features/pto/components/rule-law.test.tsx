import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import type { PtoManageData } from '../api/plans';
import { callsTo, PLANS, planRule, ptoManageServer, ptoPlan, TYPES } from '../testing/pto-manage-server';
import type { Law } from '../api/sick-leave';
import { CALIFORNIA, COMPLIANCE, LAWS, sickLeaveRoutes } from '../testing/sick-leave';
import { PlanEditDock } from './plan-edit-dock';
import { PlanWizard } from './plan-wizard';

afterEach(() => vi.restoreAllMocks());

const DATA: PtoManageData = { ptoTypes: TYPES, ptoPolicies: PLANS, ptoRules: [], jobRoles: [], paidHolidays: [], currentYear: 2026 };

const textbox = (within_: HTMLElement, name: string | RegExp) => within(within_).getByRole('textbox', { name });

describe("the plan wizard's 'Start from a law' (issue 38)", () => {
  it("fills the rule from the law's tier for the company's size, and warns of each shortfall without blocking", async () => {
    const { fetch } = ptoManageServer({ extra: sickLeaveRoutes() });
    renderWithApp(<PlanWizard data={DATA} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(textbox(wizard, /Plan name/), 'Sick leave');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Sick' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));

    // One type: its rule at once, with the law picker closed.
    const start = await within(wizard).findByRole('button', { name: 'Start from a law' });
    expect(start).toHaveAttribute('aria-expanded', 'false');
    await user.click(start);
    expect(start).toHaveAttribute('aria-expanded', 'true');
    const picker = within(wizard).getByTestId('law-picker');
    // The company's headcount, editable.
    expect(textbox(picker, /Employees/)).toHaveValue('8');
    expect(within(picker).getByRole('button', { name: 'Use this law' })).toBeDisabled();

    // The company's address's law first.
    await user.click(within(picker).getByRole('combobox', { name: 'Law' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['California (Cal. Lab. Code §§ 245–249)', 'New York State (N.Y. Lab. Law § 196-b)']);
    await user.click(screen.getByRole('option', { name: 'California (Cal. Lab. Code §§ 245–249)' }));

    const details = within(picker).getByTestId('law-details');
    expect(within(details).getByTestId('law-tier')).toHaveTextContent('Applies to you: Every employer (paid leave)');
    expect(details).toHaveTextContent('The balance may be capped at no less than 80 h');
    expect(details).toHaveTextContent('Cal. Lab. Code §§ 245–249');
    expect(details).toHaveTextContent('Not checked (no source confirmed it): Yearly accrual cap; Smallest block (2 h is often cited; no source confirmed it)');
    expect(details).toHaveTextContent('An alternative accrual is allowed');
    const source = within(details).getByRole('link', { name: 'leginfo.legislature.ca.gov' });
    expect(source).toHaveAttribute('target', '_blank');
    expect(source).toHaveAttribute('rel', 'noopener noreferrer');

    await user.click(within(picker).getByRole('button', { name: 'Use this law' }));
    // The picker folds away; the law stays chosen.
    expect(within(wizard).queryByTestId('law-picker')).toBeNull();
    expect(within(wizard).getByTestId('law-chosen')).toHaveTextContent("Checked against California's law (Every employer)");
    expect(within(wizard).getByRole('radio', { name: 'Accrued per hours clocked' })).toBeChecked();
    expect(textbox(wizard, /^Hours/)).toHaveValue('1');
    expect(textbox(wizard, /For every \(worked hours\)/)).toHaveValue('30');
    expect(within(wizard).getByRole('checkbox', { name: 'Maximum balance' })).toBeChecked();
    expect(textbox(wizard, 'Maximum balance in hours')).toHaveValue('80');
    expect(textbox(wizard, /Yearly use cap \(h\)/)).toHaveValue('40');
    expect(textbox(wizard, /Yearly accrual cap \(h\)/)).toHaveValue('');
    expect(textbox(wizard, /Usable after \(days\)/)).toHaveValue('90');
    expect(within(wizard).getByRole('radio', { name: 'Usable from day 90 of employment' })).toBeChecked();

    // The rule is checked against the law: it meets it.
    expect(await within(wizard).findByTestId('law-met')).toHaveTextContent("This rule meets California's law (Every employer).");
    expect(bodyOf(callsTo(fetch, '/pto-manage/sick-leave-check')[0]!.init)).toMatchObject({
      law: 'us-ca',
      employees: 8,
      rule: { ptoTypeId: 6, method: 'PER_HOUR_WORKED', rate: '1', rateUnit: '30', maxBalance: '80', yearlyUseCap: '40', usableAfterDays: '90', usableCounting: 'fromDay' },
    });

    // Less than the law: a warning naming the shortfall, and the rule can still be done.
    await user.clear(textbox(wizard, 'Maximum balance in hours'));
    await user.type(textbox(wizard, 'Maximum balance in hours'), '40');
    const warning = await within(wizard).findByText("Balance cap 40 h is below California's 80 h");
    const alert = warning.closest('[role="status"]') as HTMLElement;
    expect(alert).toHaveTextContent('Less than California requires');
    expect(within(wizard).queryByTestId('law-met')).toBeNull();
    await user.click(within(wizard).getByRole('button', { name: 'Done with Sick' }));
    expect(within(wizard).getByTestId('wizard-rule')).toHaveTextContent('Done');
    // The law chosen stays with the rule.
    await user.click(within(wizard).getByRole('button', { name: 'Set the rule of Sick' }));
    expect(within(wizard).getByTestId('law-chosen')).toHaveTextContent("Checked against California's law (Every employer)");
    expect(within(wizard).queryByTestId('law-picker')).toBeNull();
    expect(await within(wizard).findByText("Balance cap 40 h is below California's 80 h")).toBeInTheDocument();
  });

  it("fills a rule from a preset without accrual settings (an older law's) with the defaults", async () => {
    const SETTINGS = ['accrualPeriod', 'rateBasis', 'periodAnchor', 'creditOn', 'rounding', 'carryoverExpiresAfter', 'carryoverExpiryUnit', 'yearStart', 'fiscalYearStart', 'serviceTiers'];
    const tier = CALIFORNIA.tiers[0]!;
    const preset = Object.fromEntries(Object.entries(tier.preset).filter(([key]) => !SETTINGS.includes(key)));
    const bare = { ...CALIFORNIA, tiers: [{ ...tier, preset }] } as unknown as Law;
    const { fetch } = ptoManageServer({ extra: sickLeaveRoutes({ laws: { ...LAWS, laws: [bare] } }) });
    renderWithApp(<PlanWizard data={DATA} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(textbox(wizard, /Plan name/), 'Sick leave');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Sick' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Start from a law' }));
    const picker = within(wizard).getByTestId('law-picker');
    await user.click(within(picker).getByRole('combobox', { name: 'Law' }));
    await user.click(await screen.findByRole('option', { name: 'California (Cal. Lab. Code §§ 245–249)' }));
    await user.click(within(picker).getByRole('button', { name: 'Use this law' }));

    expect(textbox(wizard, /For every \(worked hours\)/)).toHaveValue('30');
    await user.click(within(wizard).getByRole('button', { name: 'Accrual settings' }));
    const settings = within(wizard).getByTestId('accrual-settings');
    expect(within(settings).getByRole('combobox', { name: 'Rounding' })).toHaveValue('No rounding (exact, to the minute)');
    expect(within(settings).getByRole('radio', { name: '1 January' })).toBeChecked();
    expect(within(settings).queryAllByTestId('service-tier')).toHaveLength(0);
    await within(wizard).findByTestId('law-met');
    expect(bodyOf(callsTo(fetch, '/pto-manage/sick-leave-check')[0]!.init)).toMatchObject({
      rule: { method: 'PER_HOUR_WORKED', rateUnit: '30', accrualPeriod: 'months', rounding: 'none', carryoverExpiresAfter: '', yearStart: 'default', serviceTiers: [] },
    });
  });

  it('says when the law does not cover an employer of the size typed, and checks nothing then', async () => {
    const { fetch } = ptoManageServer({ extra: sickLeaveRoutes() });
    renderWithApp(<PlanWizard data={DATA} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(textbox(wizard, /Plan name/), 'NY');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Sick' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Start from a law' }));
    const picker = within(wizard).getByTestId('law-picker');
    await user.click(within(picker).getByRole('combobox', { name: 'Law' }));
    await user.click(await screen.findByRole('option', { name: 'New York State (N.Y. Lab. Law § 196-b)' }));
    expect(within(picker).getByTestId('law-tier')).toHaveTextContent('Applies to you: 5 to 99 employees (paid leave)');
    await user.clear(textbox(picker, /Employees/));
    await user.type(textbox(picker, /Employees/), '3');
    expect(within(picker).getByTestId('law-tier')).toHaveTextContent('1 to 4 employees (unpaid leave)');
    await user.clear(textbox(picker, /Employees/));
    await user.type(textbox(picker, /Employees/), '250');
    expect(textbox(picker, /Employees/)).toHaveAccessibleDescription(/This law does not cover an employer of that size/);
    expect(within(picker).getByRole('button', { name: 'Use this law' })).toBeDisabled();
    expect(callsTo(fetch, '/pto-manage/sick-leave-check')).toHaveLength(0);
  });

  it('shows nothing of the laws when they cannot be read', async () => {
    ptoManageServer();
    renderWithApp(<PlanWizard data={DATA} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    const wizard = await screen.findByRole('dialog', { name: 'Create New PTO Plan' });
    await user.type(textbox(wizard, /Plan name/), 'Plain');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Sick' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByRole('radio', { name: 'Accrued per hours clocked' })).toBeInTheDocument();
    expect(within(wizard).queryByRole('button', { name: 'Start from a law' })).toBeNull();
  });
});

describe("the plan edit panel checks a saved rule against its plan's law (issue 38)", () => {
  it('starts from the law the compliance names for the type, and warns as the rule drops below it', async () => {
    const sick = planRule({
      id: 32,
      ptoTypeId: 6,
      method: 'PER_HOUR_WORKED',
      rate: 1,
      rateUnit: 30,
      maxBalanceEnabled: true,
      maxBalance: 80,
      yearlyUseCap: 40,
      usableAfterDays: 90,
      usableCounting: 'fromDay',
      summary: '1 hrs per 30 worked hours',
    });
    const plan = ptoPlan({ id: 3, name: 'Standard', rules: [sick] });
    ptoManageServer({
      plans: [plan],
      extra: { ...sickLeaveRoutes(), 'POST /settings/update-pto-policy': () => response({ json: plan }) },
    });
    renderWithApp(<PlanEditDock plan={plan} data={{ ...DATA, ptoPolicies: [plan] }} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const dock = await screen.findByRole('dialog', { name: 'Edit PTO Plan' });
    await user.click(within(dock).getByRole('button', { name: 'Edit the rule of Sick' }));
    // Compliance says Standard's Sick rule answers California's law: the picker starts there.
    expect(await within(dock).findByTestId('law-met')).toHaveTextContent("This rule meets California's law (Every employer).");
    expect(within(dock).getByTestId('law-chosen')).toHaveTextContent("Checked against California's law (Every employer)");
    await user.click(within(dock).getByRole('button', { name: 'Start from a law' }));
    expect(within(dock).getByRole('combobox', { name: 'Law' })).toHaveValue('California (Cal. Lab. Code §§ 245–249)');
    expect(within(dock).getByRole('textbox', { name: 'Usable after (days)', description: 'Days of employment before the first use' })).toHaveValue('90');

    await user.clear(textbox(dock, 'Maximum balance in hours'));
    await user.type(textbox(dock, 'Maximum balance in hours'), '40');
    expect(await within(dock).findByText("Balance cap 40 h is below California's 80 h")).toBeInTheDocument();
    expect(within(dock).getByText('Less than California requires')).toBeInTheDocument();
    await user.click(within(dock).getByRole('button', { name: 'Done with Sick' }));
    await waitFor(() => expect(within(dock).getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('knows no law for a type the compliance does not name', async () => {
    ptoManageServer({ extra: sickLeaveRoutes({ compliance: { ...COMPLIANCE, plans: [] } }) });
    renderWithApp(<PlanEditDock plan={PLANS[0]!} data={DATA} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const dock = await screen.findByRole('dialog', { name: 'Edit PTO Plan' });
    await user.click(within(dock).getByRole('button', { name: 'Edit the rule of Sick' }));
    await within(dock).findByRole('button', { name: 'Start from a law' });
    expect(within(dock).queryByTestId('law-chosen')).toBeNull();
    expect(within(dock).queryByTestId('law-met')).toBeNull();
  });
});
