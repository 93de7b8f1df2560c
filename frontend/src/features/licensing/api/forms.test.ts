import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { complianceQuery, maySellQuery, NO_FILTERS } from './compliance';
import {
  creditBody,
  EO_FIELDS,
  EO_INPUT_OF,
  eoBody,
  formatHours,
  LICENCE_FIELDS,
  licenceBody,
  MESSAGES,
  parseHours,
  requirementBody,
  saveFailure,
  stateRuleBody,
  validateCredit,
  validateLicence,
  validateProducer,
  validateRequirement,
  validateStateRule,
  type LicenceValues,
} from './forms';

const LICENCE: LicenceValues = {
  state: 'TX',
  number: ' 1234567 ',
  licenceType: 'General Lines Agent',
  lines: ['life'],
  residency: 'resident',
  issuedOn: '2025-06-01',
  status: 'active',
  statusOn: '',
  expiresOn: '2027-05-31',
};

const refusal = (errors: Record<string, string[]>) => new ApiError(400, 'Bad Request', { code: 'validation', message: 'Invalid input', errors });

describe('hours', () => {
  it('reads whole hours and at most two decimals, and shows them without trailing zeros', () => {
    expect(parseHours('2')).toBe(2);
    expect(parseHours(' 1.5 ')).toBe(1.5);
    expect(parseHours('0.25')).toBe(0.25);
    expect(parseHours('.5')).toBe(0.5);
    expect(parseHours('1.255')).toBeNull();
    expect(parseHours('two')).toBeNull();
    expect(parseHours('-1')).toBeNull();
    expect(formatHours(12)).toBe('12');
    expect(formatHours(1.5)).toBe('1.5');
    expect(formatHours(0.25)).toBe('0.25');
  });
});

describe('the forms’ own checks', () => {
  it('a licence needs its state, number, type, a line and days, the expiry not before the issue', () => {
    expect(validateLicence(LICENCE)).toEqual({});
    expect(validateLicence({ ...LICENCE, state: null, number: ' ', licenceType: '', lines: [], issuedOn: '', expiresOn: '' })).toEqual({
      state: MESSAGES.state,
      number: MESSAGES.number,
      licenceType: MESSAGES.licenceType,
      lines: MESSAGES.lines,
      issuedOn: MESSAGES.issuedOn,
      expiresOn: MESSAGES.expiresOn,
    });
    expect(validateLicence({ ...LICENCE, expiresOn: '2025-05-31' })).toEqual({ expiresOn: 'The expiry cannot be before the issue date.' });
    expect(validateLicence({ ...LICENCE, number: 'x'.repeat(41) })).toEqual({ number: MESSAGES.numberTooLong });
  });

  it('a requirement may leave its hours to the state rule, but not where the state has none', () => {
    const values = { cycleStart: '2025-06-01', dueOn: '2027-05-31', hoursTotal: '', hoursEthics: '' };
    expect(validateRequirement(values, 24)).toEqual({});
    expect(validateRequirement(values, null)).toEqual({ hoursTotal: MESSAGES.hoursRequired });
    expect(validateRequirement({ ...values, dueOn: '2025-05-01', hoursTotal: '0.1' }, 24)).toEqual({ dueOn: MESSAGES.dueBeforeStart, hoursTotal: MESSAGES.hours });
  });

  it('a credit needs between 0.25 and 200 hours; an NPN is 1 to 10 digits', () => {
    const credit = { state: 'TX', course: 'Ethics', provider: '', hours: '2', topic: 'ethics', completedOn: '2026-11-18', certificate: null };
    expect(validateCredit(credit)).toEqual({});
    expect(validateCredit({ ...credit, hours: '250' })).toEqual({ hours: MESSAGES.hours });
    expect(validateCredit({ ...credit, hours: '', course: '' })).toEqual({ hours: MESSAGES.hoursRequired, course: MESSAGES.course });
    expect(validateProducer({ npn: '12345678901', residentState: 'TX' })).toEqual({ npn: MESSAGES.npn });
    expect(validateProducer({ npn: '', residentState: null })).toEqual({});
  });

  it("a state rule's topics are checked row by row", () => {
    const rule = { state: 'CA', cycleMonths: '24', hoursTotal: '24', hoursEthics: '3', topics: [{ topic: 'Flood', hours: '' }], carryOver: false, citation: '', effectiveFrom: '2026-01-01' };
    expect(validateStateRule(rule)).toEqual({ 'topics.0.hours': MESSAGES.hours });
    expect(validateStateRule({ ...rule, cycleMonths: '0', topics: [] })).toEqual({ cycleMonths: MESSAGES.cycleMonths });
  });
});

describe('the bodies sent', () => {
  it('trims a licence and leaves out an empty status day; an id only when changing one', () => {
    expect(licenceBody(9, LICENCE)).toEqual({
      employeeId: 9,
      state: 'TX',
      number: '1234567',
      licenceType: 'General Lines Agent',
      lines: ['life'],
      residency: 'resident',
      issuedOn: '2025-06-01',
      status: 'active',
      expiresOn: '2027-05-31',
    });
    expect(licenceBody(9, { ...LICENCE, statusOn: '2026-01-02' }, 21)).toMatchObject({ id: 21, statusOn: '2026-01-02' });
  });

  it('leaves out the hours of a requirement left empty, for the server to take the state rule', () => {
    expect(requirementBody(21, { cycleStart: '2025-06-01', dueOn: '2027-05-31', hoursTotal: '', hoursEthics: '' })).toEqual({ licenceId: 21, cycleStart: '2025-06-01', dueOn: '2027-05-31' });
    expect(requirementBody(21, { cycleStart: '2025-06-01', dueOn: '2027-05-31', hoursTotal: '30', hoursEthics: '4.5' }, 31)).toEqual({
      id: 31,
      licenceId: 21,
      cycleStart: '2025-06-01',
      dueOn: '2027-05-31',
      hoursTotal: 30,
      hoursEthics: 4.5,
    });
  });

  it('sends E&O money as integer cents and credits’ hours as numbers', () => {
    expect(eoBody({ carrier: ' Acme ', policyNumber: 'EO-1', perClaim: '$1,000,000', aggregate: '2000000.50', expiresOn: '2027-01-01' })).toEqual({
      carrier: 'Acme',
      policyNumber: 'EO-1',
      perClaimCents: 100_000_000,
      aggregateCents: 200_000_050,
      expiresOn: '2027-01-01',
    });
    expect(creditBody(9, { state: 'TX', course: ' Ethics ', provider: '', hours: '1.5', topic: 'ethics', completedOn: '2026-11-18', certificate: null })).toMatchObject({ hours: 1.5, course: 'Ethics' });
    expect(stateRuleBody({ state: 'CA', cycleMonths: '24', hoursTotal: '24', hoursEthics: '3', topics: [{ topic: 'Long term care', hours: '8' }], carryOver: true, citation: ' x ', effectiveFrom: '2026-01-01' })).toEqual({
      state: 'CA',
      cycleMonths: 24,
      hoursTotal: 24,
      hoursEthics: 3,
      topics: [{ topic: 'long_term_care', hours: 8 }],
      carryOver: true,
      citation: 'x',
      effectiveFrom: '2026-01-01',
    });
  });
});

describe("the server's refusals", () => {
  it("puts a 400's messages on the form's fields and the rest in one 'Sorry' message", () => {
    expect(saveFailure(refusal({ expiresOn: ['The expiry cannot be before the issue date.'], npn: ['An NPN is 1 to 10 digits.'] }), LICENCE_FIELDS)).toEqual({
      fieldErrors: { expiresOn: 'The expiry cannot be before the issue date.' },
      message: 'Sorry An NPN is 1 to 10 digits.',
    });
    expect(saveFailure(refusal({ perClaimCents: ['Must be positive.'] }), EO_FIELDS, EO_INPUT_OF)).toEqual({ fieldErrors: { perClaim: 'Must be positive.' }, message: null });
    expect(saveFailure(new ApiError(404, 'Not Found', { message: 'Not found' }), LICENCE_FIELDS)).toEqual({ fieldErrors: {}, message: 'Sorry Not found' });
    expect(saveFailure(new Error('boom'), LICENCE_FIELDS).message).toBe('Sorry Something went horribly wrong!');
  });
});

describe('the compliance filters', () => {
  it('send only what is chosen, the search trimmed', () => {
    expect(complianceQuery(NO_FILTERS)).toEqual({});
    expect(complianceQuery({ state: 'TX', status: 'due_soon', line: 'life', q: ' ruiz ' })).toEqual({ state: 'TX', status: 'due_soon', line: 'life', q: 'ruiz' });
    expect(maySellQuery({ state: 'TX', line: 'life', on: '2026-11-18', carrier: ' ' })).toEqual({ state: 'TX', line: 'life', on: '2026-11-18' });
    expect(maySellQuery({ state: 'TX', line: 'life', on: '2026-11-18', carrier: 'Acme' })).toEqual({ state: 'TX', line: 'life', on: '2026-11-18', carrier: 'Acme' });
  });
});
