import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ruleFor } from './plans';
import { refusedRules, ruleFieldValue, shownRuleFields, standingErrors } from './rules';

const refusal = (errors: Record<string, string[]>) => new ApiError(400, 'Bad Request', { code: 'validation', message: 'Invalid input', errors });

describe('the accrual settings in the rule forms (server messages)', () => {
  const pay = { ...ruleFor(5, 'PER_PAY_PERIOD'), rate: '8', rateUnit: '1' };

  it('names the settings a rule form shows, by method, carryover, year and tiers', () => {
    expect(shownRuleFields(pay)).toEqual(expect.arrayContaining(['rateUnit', 'accrualPeriod', 'rateBasis', 'periodAnchor', 'creditOn', 'rounding', 'carryoverExpiresAfter', 'carryoverExpiryUnit', 'yearStart', 'serviceTiers']));
    expect(shownRuleFields(pay)).not.toContain('fiscalYearStart');
    // Weeks: no unit. A fiscal year: its first day. Each tier: its year and rate.
    const weekly = { ...pay, accrualPeriod: 'weekly' as const, yearStart: 'fiscal' as const, serviceTiers: [{ fromYear: '3', rate: '1' }] };
    expect(shownRuleFields(weekly)).not.toContain('rateUnit');
    expect(shownRuleFields(weekly)).toEqual(expect.arrayContaining(['fiscalYearStart', 'serviceTiers[0].fromYear', 'serviceTiers[0].rate']));
    expect(shownRuleFields(weekly)).not.toContain('serviceTiers[1].rate');
    const fixed = { ...ruleFor(5, 'PER_CALENDAR_YEAR'), carryoverPolicy: 'useItOrLoseIt' as const };
    for (const field of ['accrualPeriod', 'rateBasis', 'periodAnchor', 'creditOn', 'carryoverExpiresAfter', 'yearStart', 'fiscalYearStart']) {
      expect(shownRuleFields(fixed)).not.toContain(field);
    }
    expect(shownRuleFields(fixed)).toEqual(expect.arrayContaining(['rounding', 'serviceTiers']));
    expect(shownRuleFields(ruleFor(5, 'PER_HOUR_WORKED'))).toEqual(expect.arrayContaining(['yearStart', 'rounding']));
    expect(shownRuleFields(ruleFor(5, 'PER_HOUR_WORKED'))).not.toContain('accrualPeriod');
  });

  it("keeps a server's message only while its field holds what was sent (a tier's by its row)", () => {
    const sent = { ...pay, fiscalYearStart: '02-29', serviceTiers: [{ fromYear: '3', rate: '1' }, { fromYear: '5', rate: 'x' }] };
    const errors = { fiscalYearStart: 'bad day', 'serviceTiers[1].rate': 'bad rate', 'serviceTiers[0].fromYear': 'bad year' };
    expect(ruleFieldValue(sent, 'serviceTiers[1].rate')).toBe('x');
    expect(ruleFieldValue(sent, 'serviceTiers[4].rate')).toBeUndefined();
    expect(standingErrors(errors, sent, sent)).toEqual(errors);
    const changed = { ...sent, serviceTiers: [{ fromYear: '3', rate: '1' }, { fromYear: '5', rate: '2' }] };
    expect(standingErrors(errors, sent, changed)).toEqual({ fiscalYearStart: 'bad day', 'serviceTiers[0].fromYear': 'bad year' });
    // The first row taken away: the second moves up, and neither message holds any more.
    expect(standingErrors(errors, sent, { ...sent, fiscalYearStart: '03-01', serviceTiers: [{ fromYear: '5', rate: 'x' }] })).toEqual({});
  });

  it("splits a plan save's refusal: each rule's messages by its type, the rest left as the failure", () => {
    const vacation = { ...pay, yearStart: 'fiscal' as const, serviceTiers: [{ fromYear: '3', rate: '1' }, { fromYear: '4', rate: '2' }] };
    const sick = { ...ruleFor(6, 'PER_CALENDAR_YEAR'), rate: '40' };
    const both = refusedRules(
      refusal({
        'rules[0].fiscalYearStart': ["Please input the fiscal year's first day as MM-DD (any day but 29 February)"],
        'rules[0].serviceTiers[1].rate': ['Please input a number of hours, 0 or more, with at most 2 decimals'],
        'rules[1].carryoverExpiresAfter': ['Nothing is carried over under use it or lose it'],
        'rules[1].ptoTypeId': ['Please choose a PTO type'],
        'startingBalances[0].startingBalance': ['Please input hours'],
      }),
      [vacation, sick],
    );
    expect(both.refusals).toEqual({
      5: {
        rule: vacation,
        errors: {
          fiscalYearStart: "Please input the fiscal year's first day as MM-DD (any day but 29 February)",
          'serviceTiers[1].rate': 'Please input a number of hours, 0 or more, with at most 2 decimals',
        },
      },
      6: { rule: sick, errors: { carryoverExpiresAfter: 'Nothing is carried over under use it or lose it' } },
    });
    // A field the rule form has no input for, and the balances, stay with the failure.
    expect(both.rest).toBeInstanceOf(ApiError);
    expect((both.rest as ApiError).errors).toEqual({ 'rules[1].ptoTypeId': ['Please choose a PTO type'], 'startingBalances[0].startingBalance': ['Please input hours'] });

    expect(refusedRules(refusal({ 'rules[0].rounding': ['Please select none, minute, quarter hour, half hour, hour or day'] }), [vacation]).rest).toBeNull();
    const other = refusal({ name: ['Please input the Name'] });
    expect(refusedRules(other, [vacation])).toEqual({ refusals: {}, rest: other });
    const failure = new Error('offline');
    expect(refusedRules(failure, [vacation])).toEqual({ refusals: {}, rest: failure });
  });
});
