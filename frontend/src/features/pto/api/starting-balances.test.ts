import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { balancePerson, balanceType } from '../testing/balance-detail';
import { adjustedBalances, adjustedText, balanceGroups, isAdjustedBalance, prefilledBalance, startingBalanceFailure } from './starting-balances';

const moving = balancePerson({
  employeeId: 9,
  currentPlanId: 4,
  types: [
    balanceType({ includedInCurrentPlan: true, balanceOfCurrentPlan: 750 }),
    balanceType({ id: 6, name: 'Sick', balanceOfNewPlan: 2400 }),
    balanceType({ id: 8, name: 'Floating', includedInCurrentPlan: true, includedInNewPlan: false }),
  ],
});
const joining = balancePerson({ employeeId: 12, firstname: 'Noah', lastname: 'Evans' });
const already = balancePerson({ employeeId: 10, currentPlanId: 3 });

describe('starting-balance adjustment (002 §2 step 10, §5)', () => {
  it("splits people coming from another plan from those without one, with the new plan's types only", () => {
    const groups = balanceGroups([moving, joining, already], 3);
    expect(groups.moving.map((person) => person.employeeId)).toEqual([9]);
    expect(groups.moving[0]!.types.map((type) => type.id)).toEqual([5, 6]);
    expect(groups.joining.map((person) => person.employeeId)).toEqual([12]);
    // Without a plan being edited, someone in plan 3 comes from another plan.
    expect(balanceGroups([already]).moving).toHaveLength(1);
    expect(balanceGroups([balancePerson({ types: [balanceType({ includedInNewPlan: false })] })])).toEqual({ moving: [], joining: [] });
  });

  it("prefills the current plan's balance where the type is in both plans, else the new plan's", () => {
    expect(prefilledBalance(moving, moving.types[0]!)).toBe('12.50');
    expect(prefilledBalance(moving, moving.types[1]!)).toBe('40.00');
    expect(prefilledBalance(joining, joining.types[0]!)).toBe('80.00');
  });

  it('takes an optional minus, digits and at most two decimals', () => {
    for (const good of ['12', '12.5', '-3', '0.25', ' 4 ']) expect(isAdjustedBalance(good)).toBe(true);
    for (const bad of ['', '-', '1.234', '1.', '.5', '1,5', 'abc', '+2']) expect(isAdjustedBalance(bad)).toBe(false);
  });

  it("sends only what differs from the new plan's balance", () => {
    const [person] = balanceGroups([moving]).moving;
    expect(adjustedBalances([person!], {})).toEqual([{ employeeId: 9, ptoTypeId: 5, startingBalance: '12.50' }]);
    expect(adjustedBalances([person!], { '9:5': '80', '9:6': ' 40.0 ' })).toEqual([]);
    expect(adjustedBalances([person!], { '9:5': 'x', '9:6': '-0.5' })).toEqual([{ employeeId: 9, ptoTypeId: 6, startingBalance: '-0.5' }]);
    expect(adjustedText([])).toBe('Nobody gets an adjusted starting balance: the plan computes every balance.');
    expect(adjustedText([{ employeeId: 9, ptoTypeId: 5, startingBalance: '1' }, { employeeId: 9, ptoTypeId: 6, startingBalance: '1' }])).toBe(
      '1 person gets an adjusted starting balance.',
    );
  });

  it("maps the server's startingBalances[i] messages to the i-th entry sent", () => {
    const sent = [
      { employeeId: 9, ptoTypeId: 5, startingBalance: '1' },
      { employeeId: 12, ptoTypeId: 6, startingBalance: '2' },
    ];
    const error = new ApiError(400, 'Bad Request', { errors: { 'startingBalances[1].startingBalance': ['Please input a number of hours, e.g. 12.5'] } });
    expect(startingBalanceFailure(error, sent)).toEqual({ fields: { '12:6': 'Please input a number of hours, e.g. 12.5' }, general: null });
    const other = new ApiError(400, 'Bad Request', { errors: { name: ['Please input the Name'] } });
    expect(startingBalanceFailure(other, sent)).toEqual({ fields: {}, general: other });
  });
});
