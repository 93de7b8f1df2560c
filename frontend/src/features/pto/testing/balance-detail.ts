/** Tests only: balance-detail rows (002 §3 "Balance detail per employee") for the starting-balance screens. */
import type { BalancePerson, BalanceType } from '../api/plans';

/** A type in the new plan only, 80 hrs (4800 minutes) under it. */
export const balanceType = (fields: Partial<BalanceType>): BalanceType => ({
  id: 5,
  name: 'Vacation',
  includedInCurrentPlan: false,
  includedInNewPlan: true,
  balanceOfCurrentPlan: 0,
  balanceOfNewPlan: 4800,
  ...fields,
});

export const balancePerson = (fields: Partial<BalancePerson>): BalancePerson => ({
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  currentPlanId: null,
  types: [balanceType({})],
  ...fields,
});
