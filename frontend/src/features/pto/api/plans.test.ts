import { describe, expect, it } from 'vitest';
import { LIMIT_TEXTS, ruleFor, ruleFromSaved, ruleProblems, ruleSummary } from './plans';
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
});
