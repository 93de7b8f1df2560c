import { describe, expect, it } from 'vitest';
import { hasAccrualSettings, LIMIT_TEXTS, ruleBody, ruleFor, ruleFromSaved, ruleProblems, ruleSchema, ruleSummary, SETTINGS_TEXTS } from './plans';
import { planRule } from '../testing/pto-manage-server';

describe('the rule form (002 §2, §5, §9)', () => {
  it('resets to the defaults when a method is chosen', () => {
    expect(ruleFor(5, 'PER_CALENDAR_YEAR')).toMatchObject({ rateUnit: '1', prorated: true, waitingPeriodEnabled: false, carryoverPolicy: 'allowCarryover', maxCarryoverEnabled: false, maxBalanceEnabled: false });
    expect(ruleFor(5, 'PER_HOUR_WORKED').rateUnit).toBe('');
  });

  it('is done only with a rate, a unit for accruals, and the enabled caps and waiting period filled', () => {
    const fixed = { ...ruleFor(5, 'PER_CALENDAR_YEAR'), rate: '' };
    expect(ruleProblems(fixed)).toEqual({ rate: 'Please input the Hours per year' });
    expect(ruleProblems({ ...fixed, rate: '1.255' })).toHaveProperty('rate');
    expect(ruleProblems({ ...fixed, rate: '80' })).toEqual({});
    const accrual = { ...ruleFor(5, 'PER_HOUR_WORKED'), rate: '1', rateUnit: '0' };
    expect(ruleProblems(accrual)).toHaveProperty('rateUnit');
    const capped = { ...accrual, rateUnit: '30', waitingPeriodEnabled: true, waitingPeriod: '0', maxCarryoverEnabled: true, maxCarryover: '', maxBalanceEnabled: true, maxBalance: 'x' };
    expect(Object.keys(ruleProblems(capped)).sort()).toEqual(['maxBalance', 'maxCarryover', 'waitingPeriod']);
    // A cap on carryover does not count when the balance is used or lost.
    expect(ruleProblems({ ...capped, carryoverPolicy: 'useItOrLoseIt', waitingPeriod: '90', maxBalance: '40' })).toEqual({});
  });

  it("checks the sick-leave limits as the server does, each optional (issue 38)", () => {
    const rule = { ...ruleFor(5, 'PER_HOUR_WORKED'), rate: '1', rateUnit: '30' };
    expect(ruleProblems({ ...rule, yearlyAccrualCap: '1000', yearlyUseCap: '1', usableAfterDays: '730', minIncrement: '0.25' })).toEqual({});
    expect(ruleProblems({ ...rule, minIncrement: '8' })).toEqual({});
    expect(ruleProblems({ ...rule, yearlyAccrualCap: '1001', yearlyUseCap: '0', usableAfterDays: '731', minIncrement: '0.2' })).toEqual({
      yearlyAccrualCap: LIMIT_TEXTS.cap,
      yearlyUseCap: LIMIT_TEXTS.cap,
      usableAfterDays: LIMIT_TEXTS.days,
      minIncrement: LIMIT_TEXTS.minIncrement,
    });
    expect(ruleProblems({ ...rule, yearlyUseCap: '4.5', usableAfterDays: 'x', minIncrement: '1.255' })).toEqual({
      yearlyUseCap: LIMIT_TEXTS.cap,
      usableAfterDays: LIMIT_TEXTS.days,
      minIncrement: LIMIT_TEXTS.minIncrement,
    });
    expect(ruleFromSaved(planRule({ yearlyUseCap: 40, usableAfterDays: 90, usableCounting: 'fromDay', minIncrement: 0.5 }))).toMatchObject({
      yearlyAccrualCap: '',
      yearlyUseCap: '40',
      usableAfterDays: '90',
      usableCounting: 'fromDay',
      minIncrement: '0.5',
    });
    expect(ruleFromSaved(planRule({})).usableCounting).toBe('afterDays');
  });

  it("summarises as 002 §9 says", () => {
    expect(ruleSummary({ ...ruleFor(1, 'PER_ANNIVERSARY'), rate: '80' })).toBe('80 hrs/year');
    expect(ruleSummary({ ...ruleFor(1, 'PER_HOUR_WORKED'), rate: '1', rateUnit: '30' })).toBe('1 hrs per 30 worked hours');
    expect(ruleSummary({ ...ruleFor(1, 'PER_PAY_PERIOD'), rate: '8', rateUnit: '1' })).toBe('8 hrs per 1 months');
  });

  it('summarises the periods other than months as the server does', () => {
    const pay = { ...ruleFor(1, 'PER_PAY_PERIOD'), rate: '80', rateUnit: '' };
    expect(ruleSummary({ ...pay, accrualPeriod: 'semiMonthly', rateBasis: 'perYear' })).toBe('80 hrs/year, credited per half month');
    expect(ruleSummary({ ...pay, rate: '3', accrualPeriod: 'weekly' })).toBe('3 hrs per week');
    expect(ruleSummary({ ...pay, rate: '4', accrualPeriod: 'biweekly' })).toBe('4 hrs per 2 weeks');
    expect(ruleSummary({ ...pay, rateUnit: '3', rateBasis: 'perYear' })).toBe('80 hrs/year, credited per 3 months');
  });
});

describe('the accrual settings of a rule', () => {
  const pay = { ...ruleFor(5, 'PER_PAY_PERIOD'), rate: '80', rateUnit: '1' };

  it('start as the defaults, sent as such', () => {
    expect(hasAccrualSettings(pay)).toBe(false);
    expect(ruleBody(pay)).toMatchObject({
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
    expect(hasAccrualSettings({ ...pay, rounding: 'hour' })).toBe(true);
    expect(hasAccrualSettings({ ...pay, serviceTiers: [{ fromYear: '3', rate: '2' }] })).toBe(true);
  });

  it('are sent trimmed, each only where its method and carryover have a place for it', () => {
    const set = {
      ...pay,
      rate: ' 80 ',
      rateUnit: '4',
      accrualPeriod: 'semiMonthly' as const,
      rateBasis: 'perYear' as const,
      periodAnchor: 'joining' as const,
      creditOn: 'periodStart' as const,
      rounding: 'quarterHour' as const,
      carryoverExpiresAfter: ' 90 ',
      yearStart: 'fiscal' as const,
      fiscalYearStart: ' 07-01 ',
      serviceTiers: [{ fromYear: ' 3 ', rate: ' 120 ' }],
    };
    // Half months are calendar periods; weeks, two weeks and half months have no unit.
    expect(ruleBody(set)).toMatchObject({
      rate: '80',
      rateUnit: '1',
      accrualPeriod: 'semiMonthly',
      rateBasis: 'perYear',
      periodAnchor: 'calendar',
      creditOn: 'periodStart',
      rounding: 'quarterHour',
      carryoverExpiresAfter: '90',
      carryoverExpiryUnit: 'days',
      yearStart: 'fiscal',
      fiscalYearStart: '07-01',
      serviceTiers: [{ fromYear: '3', rate: '120' }],
    });
    expect(ruleBody({ ...set, accrualPeriod: 'months' })).toMatchObject({ rateUnit: '4', periodAnchor: 'joining' });
    // Nothing carried over: nothing expires. No fiscal year: no first day.
    expect(ruleBody({ ...set, carryoverPolicy: 'useItOrLoseIt', yearStart: 'hireAnniversary' })).toMatchObject({ carryoverExpiresAfter: '', yearStart: 'hireAnniversary', fiscalYearStart: '' });
    // Other methods have no periods, and fixed ones no year of their own; rounding and tiers stay.
    expect(ruleBody({ ...set, method: 'PER_HOUR_WORKED' })).toMatchObject({ accrualPeriod: 'months', rateBasis: 'perPeriod', periodAnchor: 'joining', creditOn: 'periodEnd', yearStart: 'fiscal', rounding: 'quarterHour' });
    expect(ruleBody({ ...set, method: 'PER_CALENDAR_YEAR' })).toMatchObject({ accrualPeriod: 'months', yearStart: 'default', fiscalYearStart: '', rounding: 'quarterHour', serviceTiers: [{ fromYear: '3', rate: '120' }] });
  });

  it('are checked as the server does where the form can tell: the expiry and each tier', () => {
    expect(ruleProblems({ ...pay, accrualPeriod: 'weekly', rateUnit: '' })).toEqual({});
    expect(ruleProblems({ ...pay, rateUnit: '' })).toHaveProperty('rateUnit');
    expect(ruleProblems({ ...pay, carryoverExpiresAfter: '730' })).toEqual({});
    expect(ruleProblems({ ...pay, carryoverExpiresAfter: '731' })).toEqual({ carryoverExpiresAfter: SETTINGS_TEXTS.expiryDays });
    expect(ruleProblems({ ...pay, carryoverExpiresAfter: '25', carryoverExpiryUnit: 'months' })).toEqual({ carryoverExpiresAfter: SETTINGS_TEXTS.expiryMonths });
    // Nothing is carried over: the expiry is not sent, so not checked.
    expect(ruleProblems({ ...pay, carryoverExpiresAfter: 'x', carryoverPolicy: 'useItOrLoseIt' })).toEqual({});
    const tiers = [
      { fromYear: '1', rate: '2' },
      { fromYear: '5', rate: 'x' },
      { fromYear: '05', rate: '3.5' },
      { fromYear: '', rate: '' },
    ];
    expect(ruleProblems({ ...pay, serviceTiers: tiers })).toEqual({
      'serviceTiers[0].fromYear': SETTINGS_TEXTS.tierYear,
      'serviceTiers[1].rate': SETTINGS_TEXTS.tierRate,
      'serviceTiers[2].fromYear': SETTINGS_TEXTS.tierDuplicate,
      'serviceTiers[3].fromYear': SETTINGS_TEXTS.tierYear,
      'serviceTiers[3].rate': SETTINGS_TEXTS.tierRate,
    });
    // Which days start a fiscal year is the server's to say.
    expect(ruleProblems({ ...pay, yearStart: 'fiscal', fiscalYearStart: '02-29' })).toEqual({});
  });

  it("load from a saved rule, and default when a rule (a law's preset) has none", () => {
    const saved = planRule({
      method: 'PER_PAY_PERIOD',
      accrualPeriod: 'biweekly',
      rateBasis: 'perYear',
      periodAnchor: 'calendar',
      creditOn: 'periodStart',
      rounding: 'day',
      carryoverExpiresAfter: 3,
      carryoverExpiryUnit: 'months',
      yearStart: 'fiscal',
      fiscalYearStart: '07-01',
      serviceTiers: [{ fromYear: 3, rate: 120 }, { fromYear: 10, rate: 160.5 }],
    });
    const form = ruleFromSaved(saved);
    expect(form).toMatchObject({
      accrualPeriod: 'biweekly',
      rateBasis: 'perYear',
      periodAnchor: 'calendar',
      creditOn: 'periodStart',
      rounding: 'day',
      carryoverExpiresAfter: '3',
      carryoverExpiryUnit: 'months',
      yearStart: 'fiscal',
      fiscalYearStart: '07-01',
      serviceTiers: [
        { fromYear: '3', rate: '120' },
        { fromYear: '10', rate: '160.5' },
      ],
    });
    // Untouched, they go back as they came.
    expect(ruleBody(form)).toMatchObject({ accrualPeriod: 'biweekly', carryoverExpiresAfter: '3', carryoverExpiryUnit: 'months', fiscalYearStart: '07-01', serviceTiers: [{ fromYear: '3', rate: '120' }, { fromYear: '10', rate: '160.5' }] });

    const preset = Object.fromEntries(
      Object.entries(planRule({})).filter(([key]) => !['accrualPeriod', 'rateBasis', 'periodAnchor', 'creditOn', 'rounding', 'carryoverExpiresAfter', 'carryoverExpiryUnit', 'yearStart', 'fiscalYearStart', 'serviceTiers'].includes(key)),
    );
    const read = ruleSchema.parse(preset);
    expect(read).toMatchObject({ accrualPeriod: 'months', carryoverExpiresAfter: null, serviceTiers: [] });
    expect(hasAccrualSettings(ruleFromSaved(read))).toBe(false);
  });
});
