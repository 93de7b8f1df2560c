import { describe, expect, it } from 'vitest';
import { ruleFor } from './plans';
import { CALIFORNIA, COMPLIANCE, LAWS, NEW_YORK } from '../testing/sick-leave';
import { checkBody, employeeCount, lawOptions, notProvidedText, presetRule, savedLawChoice, tierFor } from './sick-leave';

describe('the paid sick leave laws (issue 38)', () => {
  it("lists the company's address's laws first, each with its citation", () => {
    expect(lawOptions(LAWS)).toEqual([
      { group: "For your company's address", items: [{ value: 'us-ca', label: 'California (Cal. Lab. Code §§ 245–249)' }] },
      { group: 'Other laws', items: [{ value: 'us-ny', label: 'New York State (N.Y. Lab. Law § 196-b)' }] },
    ]);
    expect(lawOptions({ ...LAWS, suggested: [] })).toEqual([
      { value: 'us-ny', label: 'New York State (N.Y. Lab. Law § 196-b)' },
      { value: 'us-ca', label: 'California (Cal. Lab. Code §§ 245–249)' },
    ]);
  });

  it("finds the tier of the employer's size, and none outside the law's tiers", () => {
    expect(tierFor(NEW_YORK, 4)?.label).toBe('1 to 4 employees');
    expect(tierFor(NEW_YORK, 5)?.label).toBe('5 to 99 employees');
    expect(tierFor(NEW_YORK, 100)).toBeNull();
    expect(tierFor(CALIFORNIA, 100_000)?.label).toBe('Every employer');
    expect(employeeCount(' 12 ')).toBe(12);
    expect([employeeCount('0'), employeeCount('1.5'), employeeCount('100001'), employeeCount('')]).toEqual([null, null, null, null]);
  });

  it("fills the rule form from the tier's preset for the type being set up", () => {
    expect(presetRule(CALIFORNIA.tiers[0]!, 6)).toMatchObject({
      ptoTypeId: 6,
      method: 'PER_HOUR_WORKED',
      rate: '1',
      rateUnit: '30',
      maxBalanceEnabled: true,
      maxBalance: '80',
      yearlyAccrualCap: '',
      yearlyUseCap: '40',
      usableAfterDays: '90',
      usableCounting: 'fromDay',
      minIncrement: '',
    });
  });

  it('checks only a complete rule against a law covering the size', () => {
    const rule = presetRule(CALIFORNIA.tiers[0]!, 6);
    expect(JSON.parse(checkBody(CALIFORNIA, '8', rule)!)).toMatchObject({ law: 'us-ca', employees: 8, rule: { ptoTypeId: 6, maxBalance: '80' } });
    expect(checkBody(undefined, '8', rule)).toBeNull();
    expect(checkBody(NEW_YORK, '250', rule)).toBeNull();
    expect(checkBody(CALIFORNIA, '8', { ...rule, rate: '' })).toBeNull();
    expect(checkBody(CALIFORNIA, '8', ruleFor(6, ''))).toBeNull();
  });

  it("names the fields a law leaves unchecked in the form's words", () => {
    expect(notProvidedText('yearlyAccrualCap')).toBe('Yearly accrual cap');
    expect(notProvidedText('minIncrement (2 h is often cited)')).toBe('Smallest block (2 h is often cited)');
    expect(notProvidedText('something else')).toBe('something else');
  });

  it("starts a saved rule from the law its plan's compliance checks it against", () => {
    expect(savedLawChoice(COMPLIANCE, LAWS, 3, 'Sick')).toEqual({ law: 'us-ca', employees: '8' });
    expect(savedLawChoice(COMPLIANCE, LAWS, 3, 'Vacation')).toBeNull();
    expect(savedLawChoice(COMPLIANCE, LAWS, 99, 'Sick')).toBeNull();
    expect(savedLawChoice(undefined, LAWS, 3, 'Sick')).toBeNull();
  });
});
