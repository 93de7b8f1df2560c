import { failureMessages, fieldKey } from './allocation';
import { hours, isStartingBalance } from './employee-pto';
import type { BalancePerson, BalanceType, StartingBalance } from './plans';

/**
 * Starting-balance adjustment (002 §2 step 10, §4 "PTO plan editing"): what the fields show, which
 * of them are wrong, and which are sent. The fields hold hours as typed; the balances come in
 * minutes and are only formatted here (the server does the arithmetic).
 */

/** The people of a balance detail, split as the wizard's two sub-steps show them. */
export interface BalanceGroups {
  /** People coming from another plan (step 1). */
  moving: BalancePerson[];
  /** People without a plan that year (step 2). */
  joining: BalancePerson[];
}

/**
 * Splits the detail into people coming from another plan and people without one, each with only
 * the types of the new plan. People already in `planId` (the plan being edited) are left out, and
 * so is anyone the new plan gives no type.
 */
export function balanceGroups(detail: BalancePerson[], planId?: number): BalanceGroups {
  const people = detail
    .filter((person) => planId === undefined || person.currentPlanId !== planId)
    .map((person) => ({ ...person, types: person.types.filter((type) => type.includedInNewPlan) }))
    .filter((person) => person.types.length > 0);
  return { moving: people.filter((person) => person.currentPlanId !== null), joining: people.filter((person) => person.currentPlanId === null) };
}

export const hasPeople = (groups: BalanceGroups | null): groups is BalanceGroups => groups !== null && groups.moving.length + groups.joining.length > 0;

export const personName = (person: BalancePerson) => `${person.firstname} ${person.lastname}`;

/** The key of one field: `{employeeId}:{ptoTypeId}` (as PTO Allocation's). */
export const balanceKey = (person: BalancePerson, type: BalanceType) => fieldKey(person.employeeId, type.id);

/** True when the person brings this type's balance from their current plan (the type is in both plans). */
export const carriesOver = (person: BalancePerson, type: BalanceType) =>
  person.currentPlanId !== null && type.includedInCurrentPlan && type.includedInNewPlan;

/** A field's first text: the current plan's balance when it carries over, else the new plan's (hours, two decimals). */
export const prefilledBalance = (person: BalancePerson, type: BalanceType): string =>
  hours(carriesOver(person, type) ? type.balanceOfCurrentPlan : type.balanceOfNewPlan);

/** The field's text: the admin's edit, else the prefilled balance. */
export const balanceText = (edits: Record<string, string>, person: BalancePerson, type: BalanceType): string =>
  edits[balanceKey(person, type)] ?? prefilledBalance(person, type);

/** 002 §5: an optional minus, digits and at most two decimals ('12.5', '-3'). */
export const isAdjustedBalance = (text: string): boolean => isStartingBalance(text) && !/\.\d{3}/.test(text);

/** The keys of the fields whose text is no number of hours. */
export function invalidBalances(people: BalancePerson[], edits: Record<string, string>): string[] {
  return people.flatMap((person) =>
    person.types.filter((type) => !isAdjustedBalance(balanceText(edits, person, type))).map((type) => balanceKey(person, type)),
  );
}

/**
 * The starting balances to send: the fields whose hours differ from the new plan's balance (the
 * plan computes every other). A prefilled current-plan balance that differs is sent too: that is
 * the balance carried over. Invalid texts are not sent (they block the step).
 */
export function adjustedBalances(people: BalancePerson[], edits: Record<string, string>): StartingBalance[] {
  const entries: StartingBalance[] = [];
  for (const person of people) {
    for (const type of person.types) {
      const text = balanceText(edits, person, type).trim();
      if (!isAdjustedBalance(text) || Number(text).toFixed(2) === hours(type.balanceOfNewPlan)) continue;
      entries.push({ employeeId: person.employeeId, ptoTypeId: type.id, startingBalance: text });
    }
  }
  return entries;
}

/** How many people an entry list adjusts. */
export const adjustedPeople = (entries: StartingBalance[]) => new Set(entries.map((entry) => entry.employeeId)).size;

/** The recap's line: '2 people get an adjusted starting balance.' */
export function adjustedText(entries: StartingBalance[]): string {
  const count = adjustedPeople(entries);
  if (count === 0) return 'Nobody gets an adjusted starting balance: the plan computes every balance.';
  return `${count} ${count === 1 ? 'person gets' : 'people get'} an adjusted starting balance.`;
}

/**
 * A refused save's messages: `startingBalances[i].startingBalance` goes to the field of the i-th
 * entry sent (by key); anything else is the general failure (null when the fields say it all).
 */
export function startingBalanceFailure(error: unknown, sent: StartingBalance[]): { fields: Record<string, string>; general: unknown } {
  const changes = sent.map((entry) => ({ employeeId: entry.employeeId, ptoPolicyId: 0, ptoTypeId: entry.ptoTypeId, hours: entry.startingBalance }));
  const { fields, general } = failureMessages([{ ptoPolicyId: 0, changes, error }]);
  return { fields, general: general.length > 0 ? general[0] : null };
}
