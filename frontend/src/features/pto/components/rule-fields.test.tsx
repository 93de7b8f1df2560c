import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ruleBody, ruleFor, type RuleForm } from '../api/plans';
import { RuleFields } from './rule-fields';

/** The rule fields as a form holds them; `seen` gets every rule they change to. */
function Harness({ start, problems = {}, seen }: { start: RuleForm; problems?: Record<string, string>; seen?: (rule: RuleForm) => void }) {
  const [rule, setRule] = useState(start);
  return (
    <RuleFields
      typeName="Vacation"
      rule={rule}
      problems={problems}
      onChange={(next) => {
        seen?.(next);
        setRule(next);
      }}
    />
  );
}

const toggle = () => screen.getByRole('button', { name: 'Accrual settings' });
const settings = () => screen.getByTestId('accrual-settings');
const group = (name: string) => within(settings()).getByRole('radiogroup', { name });

describe('the accrual settings of the rule fields', () => {
  it('stay folded while they are the defaults, and show by method and carryover once opened', async () => {
    renderWithApp(<Harness start={{ ...ruleFor(5, 'PER_CALENDAR_YEAR'), rate: '80' }} />);
    const user = userEvent.setup();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('accrual-settings')).toBeNull();
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    // A fixed method: rounding, the carryover's expiry and the tiers; no periods, no year of its own.
    expect(within(settings()).getByRole('combobox', { name: 'Rounding' })).toHaveValue('No rounding (exact, to the minute)');
    expect(within(settings()).getByRole('textbox', { name: /Carried-over hours expire after/ })).toHaveValue('');
    expect(group('Counted in')).toBeInTheDocument();
    expect(within(settings()).queryByRole('radiogroup', { name: 'Accrual period' })).toBeNull();
    expect(within(settings()).queryByRole('radiogroup', { name: 'The year starts on' })).toBeNull();
    expect(within(settings()).getByRole('button', { name: 'Add tier' })).toBeEnabled();

    // Use it or lose it: nothing is carried over to expire.
    await user.click(screen.getByRole('radio', { name: 'Use it or lose it' }));
    expect(within(settings()).queryByRole('textbox', { name: /Carried-over hours expire after/ })).toBeNull();
    expect(within(settings()).queryByRole('radiogroup', { name: 'Counted in' })).toBeNull();

    // Accruing per hours clocked: its year may start elsewhere; still no periods.
    await user.click(screen.getByRole('radio', { name: 'Accrued per hours clocked' }));
    expect(within(settings()).getByRole('radio', { name: '1 January' })).toBeChecked();
    expect(within(settings()).queryByRole('radiogroup', { name: 'Accrual period' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Fiscal year's first day/ })).toBeNull();
    await user.click(within(settings()).getByRole('radio', { name: 'Fiscal year' }));
    expect(screen.getByRole('textbox', { name: /Fiscal year's first day \(MM-DD\)/ })).toHaveValue('');

    // Per pay period: the periods, the rate's basis, their anchor and their credit day.
    await user.click(screen.getByRole('radio', { name: 'Accrued per month employed' }));
    expect(within(group('Accrual period')).getByRole('radio', { name: 'Months' })).toBeChecked();
    expect(within(group('The rate is')).getByRole('radio', { name: 'Hours per period' })).toBeChecked();
    expect(within(group('Periods')).getByRole('radio', { name: 'Counted from the joining date' })).toBeChecked();
    expect(within(group('Credited on')).getByRole('radio', { name: 'Last day of the period' })).toBeChecked();
    // A new method reset the rule: carryover is allowed again, so it may expire.
    expect(within(settings()).getByRole('textbox', { name: /Carried-over hours expire after/ })).toBeInTheDocument();
  });

  it('hides the unit for periods other than months, names the rate by its basis, and makes half months calendar periods', async () => {
    const seen = vi.fn();
    renderWithApp(<Harness start={{ ...ruleFor(5, 'PER_PAY_PERIOD'), rate: '8', rateUnit: '1' }} seen={seen} />);
    const user = userEvent.setup();
    expect(screen.getByRole('textbox', { name: /For every \(months\)/ })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: /^Hours/ })).toHaveAccessibleName(/^Hours$|^Hours \*/);
    await user.click(toggle());

    await user.click(within(group('Accrual period')).getByRole('radio', { name: 'Weekly' }));
    expect(screen.queryByRole('textbox', { name: /For every/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Hours per period/ })).toHaveValue('8');
    await user.click(within(group('The rate is')).getByRole('radio', { name: 'Hours a year, split across the periods' }));
    expect(screen.getByRole('textbox', { name: /Hours a year/ })).toHaveValue('8');

    await user.click(within(group('Accrual period')).getByRole('radio', { name: 'Twice a month' }));
    const calendar = within(group('Periods')).getByRole('radio', { name: 'Calendar periods (the joining period prorated)' });
    expect(calendar).toBeChecked();
    expect(calendar).toBeDisabled();
    expect(within(group('Periods')).getByRole('radio', { name: 'Counted from the joining date' })).toBeDisabled();
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ accrualPeriod: 'semiMonthly', periodAnchor: 'calendar', rateBasis: 'perYear' }));

    // Back to months: the unit is asked again, as it was.
    await user.click(within(group('Accrual period')).getByRole('radio', { name: 'Months' }));
    expect(screen.getByRole('textbox', { name: /For every \(months\)/ })).toHaveValue('1');
    expect(within(group('Periods')).getByRole('radio', { name: 'Counted from the joining date' })).toBeEnabled();
  });

  it('adds service tiers up to six and removes them; the body carries the rest of the settings as chosen', async () => {
    const seen = vi.fn();
    renderWithApp(<Harness start={{ ...ruleFor(5, 'PER_PAY_PERIOD'), rate: '8', rateUnit: '1' }} seen={seen} />);
    const user = userEvent.setup();
    await user.click(toggle());
    const add = within(settings()).getByRole('button', { name: 'Add tier' });
    for (let n = 1; n <= 6; n += 1) await user.click(add);
    expect(within(settings()).getAllByTestId('service-tier')).toHaveLength(6);
    expect(add).toBeDisabled();
    expect(within(settings()).getByText('At most 6 tiers')).toBeInTheDocument();
    for (let n = 6; n >= 2; n -= 1) await user.click(within(settings()).getByRole('button', { name: `Remove tier ${n}` }));
    expect(add).toBeEnabled();
    expect(within(settings()).getByTestId('service-tier')).toHaveTextContent('From yearof service,hours per 1 months');
    await user.type(screen.getByRole('textbox', { name: 'Tier 1: year of service' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Tier 1: hours' }), '12');

    await user.click(within(settings()).getByRole('combobox', { name: 'Rounding' }));
    await user.click(await screen.findByRole('option', { name: 'Nearest 0.5 h' }));
    await user.type(within(settings()).getByRole('textbox', { name: /Carried-over hours expire after/ }), '6');
    await user.click(within(group('Counted in')).getByRole('radio', { name: 'Months' }));
    await user.click(within(group('Credited on')).getByRole('radio', { name: /First day of the period/ }));
    await user.click(within(settings()).getByRole('radio', { name: 'Hire anniversary' }));

    const last = seen.mock.lastCall![0] as RuleForm;
    expect(ruleBody(last)).toMatchObject({
      method: 'PER_PAY_PERIOD',
      rate: '8',
      rateUnit: '1',
      accrualPeriod: 'months',
      rateBasis: 'perPeriod',
      periodAnchor: 'joining',
      creditOn: 'periodStart',
      rounding: 'halfHour',
      carryoverExpiresAfter: '6',
      carryoverExpiryUnit: 'months',
      yearStart: 'hireAnniversary',
      fiscalYearStart: '',
      serviceTiers: [{ fromYear: '3', rate: '12' }],
    });
  });

  it("opens on a rule's own settings, and by itself for a problem, each under its field", async () => {
    const start: RuleForm = {
      ...ruleFor(5, 'PER_HOUR_WORKED'),
      rate: '1',
      rateUnit: '30',
      yearStart: 'fiscal',
      fiscalYearStart: '02-29',
      serviceTiers: [
        { fromYear: '3', rate: '1' },
        { fromYear: '5', rate: '40' },
      ],
    };
    renderWithApp(
      <Harness
        start={start}
        problems={{
          fiscalYearStart: "Please input the fiscal year's first day as MM-DD (any day but 29 February)",
          'serviceTiers[1].rate': 'An accrual rate cannot give more than 1 hour for each hour worked',
        }}
      />,
    );
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: /Fiscal year's first day/ })).toHaveAccessibleDescription("Please input the fiscal year's first day as MM-DD (any day but 29 February)");
    expect(screen.getByRole('textbox', { name: 'Tier 2: hours' })).toHaveAccessibleDescription('An accrual rate cannot give more than 1 hour for each hour worked');
    expect(screen.getByRole('textbox', { name: 'Tier 1: hours' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(settings()).getAllByTestId('service-tier')[1]).toHaveTextContent('hours per 30 worked hours');
  });

  it('opens a default rule for a problem among its settings', () => {
    renderWithApp(<Harness start={{ ...ruleFor(5, 'PER_CALENDAR_YEAR'), rate: '80' }} problems={{ rounding: 'Please select none, minute, quarter hour, half hour, hour or day' }} />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(within(settings()).getByRole('combobox', { name: 'Rounding' })).toHaveAccessibleDescription('Please select none, minute, quarter hour, half hour, hour or day');
  });
});
