import { describe, expect, it } from 'vitest';
import { ruleFor } from '../api/plans';
import { carryoverText, planBody, STEP, stepProblems, WIZARD_TEXTS, type PlanWizardValues } from './plan-wizard-form';

const EMPTY: PlanWizardValues = { name: '', typeIds: [], year: '2026', rules: {}, assignType: '', assignIds: [], balanceEdits: {} };

describe('the plan wizard form (002 §2, §5)', () => {
  it("gives each step only its own fields' problems", () => {
    expect(stepProblems(STEP.name, { ...EMPTY, name: '   ' })).toEqual({ name: WIZARD_TEXTS.name, typeIds: WIZARD_TEXTS.types });
    expect(stepProblems(STEP.name, { ...EMPTY, name: 'Flex', typeIds: [5] })).toEqual({});
    expect(stepProblems(STEP.year, EMPTY)).toEqual({});
    expect(stepProblems(STEP.rules, { ...EMPTY, typeIds: [5] })).toEqual({ rules: WIZARD_TEXTS.rules });
    expect(stepProblems(STEP.rules, { ...EMPTY, typeIds: [5], rules: { 5: { ...ruleFor(5, 'PER_CALENDAR_YEAR'), rate: '80' } } })).toEqual({});
    expect(stepProblems(STEP.assign, EMPTY)).toEqual({ assignType: WIZARD_TEXTS.assignType });
    expect(stepProblems(STEP.assign, { ...EMPTY, assignType: 'jobRole' })).toEqual({ assignIds: WIZARD_TEXTS.jobRoles });
    expect(stepProblems(STEP.assign, { ...EMPTY, assignType: 'teamMembers' })).toEqual({ assignIds: WIZARD_TEXTS.teamMembers });
    expect(stepProblems(STEP.assign, { ...EMPTY, assignType: 'entireTeam' })).toEqual({});
  });

  it('sends the ids only for job roles or team members, and the balances only when any was adjusted', () => {
    const values: PlanWizardValues = { ...EMPTY, name: ' Flex ', typeIds: [6], year: '2027', assignType: 'entireTeam', assignIds: ['3'] };
    expect(planBody(values, [])).toEqual({ name: 'Flex', year: 2027, assignType: 'entireTeam', assignIds: [], rules: [expect.objectContaining({ ptoTypeId: 6, method: '' })] });
    const balances = [{ employeeId: 9, ptoTypeId: 6, startingBalance: '4' }];
    expect(planBody({ ...values, assignType: 'teamMembers' }, balances)).toMatchObject({ assignType: 'teamMembers', assignIds: [3], startingBalances: balances });
    expect(planBody({ ...values, assignType: '' }, [])).toMatchObject({ assignType: 'none', assignIds: [] });
  });

  it("says when carried-over hours expire in the recap's carryover", () => {
    const rule = ruleFor(5, 'PER_PAY_PERIOD');
    expect(carryoverText(rule)).toBe('Carryover, no cap');
    expect(carryoverText({ ...rule, carryoverExpiresAfter: '90' })).toBe('Carryover, no cap, expiring after 90 days');
    expect(carryoverText({ ...rule, maxCarryoverEnabled: true, maxCarryover: '16', carryoverExpiresAfter: '1', carryoverExpiryUnit: 'months' })).toBe('Carryover up to 16 hrs, expiring after 1 month');
    expect(carryoverText({ ...rule, carryoverPolicy: 'useItOrLoseIt', carryoverExpiresAfter: '90' })).toBe('Use it or lose it');
  });
});
