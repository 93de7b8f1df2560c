import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { acceptsDigitsOnly, allocationChanges, allocationText, failureMessages, invalidChanges, switchBody, type Allocation } from './allocation';

const allocation: Allocation = {
  year: 2026,
  years: [2026, 2027],
  types: [
    { id: 1, name: 'Sick', color: '#f00' },
    { id: 2, name: 'Vacation', color: '#00f' },
  ],
  employees: [
    { employeeId: 9, firstname: 'Emma', lastname: 'Brooks', jobRole: null, ptoPolicyId: 3, ptoPlanName: 'Standard', types: [{ ptoTypeId: 1, startingBalance: 720 }, { ptoTypeId: 2, startingBalance: null }] },
    { employeeId: 10, firstname: 'Liam', lastname: 'Carter', jobRole: null, ptoPolicyId: null, ptoPlanName: null, types: [] },
    { employeeId: 11, firstname: 'Mia', lastname: 'Dunn', jobRole: null, ptoPolicyId: 4, ptoPlanName: 'Generous', types: [{ ptoTypeId: 2, startingBalance: 750 }] },
  ],
};

describe('PTO allocation fields (001 §5: digits only)', () => {
  it('shows stored minutes as whole hours, or as stored with decimals, and nothing when none is set', () => {
    expect(allocationText(720)).toBe('12');
    expect(allocationText(0)).toBe('0');
    expect(allocationText(750)).toBe('12.50');
    expect(allocationText(-120)).toBe('-2');
    expect(allocationText(null)).toBe('');
  });

  it('takes digits only, keeping (never adding) the characters of a prefilled value', () => {
    for (const [previous, next] of [['', '1'], ['1', '12'], ['12', ''], ['12.50', '12.5'], ['12.50', '1250'], ['-2', '-25'], ['-2', '2']]) {
      expect(acceptsDigitsOnly(previous!, next!), `${previous} -> ${next}`).toBe(true);
    }
    for (const [previous, next] of [['', 'a'], ['12', '12a'], ['12', '1.2'], ['12', '-12'], ['', '1.5'], ['12.50', '12..50'], ['1250', '12.50'], ['12', '12 ']]) {
      expect(acceptsDigitsOnly(previous!, next!), `${previous} -> ${next}`).toBe(false);
    }
  });
});

describe('saving the allocation', () => {
  it('counts only changed, non-empty fields of people with a plan', () => {
    const edits = { '9:1': '12', '9:2': '30', '11:2': '', '10:1': '5' };
    expect(allocationChanges(allocation, edits)).toEqual([{ employeeId: 9, ptoPolicyId: 3, ptoTypeId: 2, hours: '30' }]);
    expect(allocationChanges(allocation, { '9:1': ' 8 ', '11:2': '12.5' })).toEqual([
      { employeeId: 9, ptoPolicyId: 3, ptoTypeId: 1, hours: '8' },
      { employeeId: 11, ptoPolicyId: 4, ptoTypeId: 2, hours: '12.5' },
    ]);
    expect(allocationChanges(allocation, {})).toEqual([]);
  });

  it('flags a field left with no number, and builds one plan’s switch body', () => {
    const changes = [
      { employeeId: 9, ptoPolicyId: 3, ptoTypeId: 1, hours: '12.' },
      { employeeId: 9, ptoPolicyId: 3, ptoTypeId: 2, hours: '30' },
    ];
    expect(invalidChanges(changes)).toEqual(['9:1']);
    expect(switchBody(2026, 3, changes)).toEqual({
      ptoPolicyId: 3,
      year: 2026,
      employeeIds: [9],
      startingBalances: [
        { employeeId: 9, ptoTypeId: 1, startingBalance: '12.' },
        { employeeId: 9, ptoTypeId: 2, startingBalance: '30' },
      ],
    });
  });

  it("maps startingBalances[i].startingBalance back to the plan's i-th field; the rest is general", () => {
    const changes = [
      { employeeId: 9, ptoPolicyId: 3, ptoTypeId: 1, hours: '1' },
      { employeeId: 12, ptoPolicyId: 3, ptoTypeId: 1, hours: '99999999999' },
    ];
    const refused = new ApiError(400, 'Bad Request', { code: 'validation', message: 'Invalid input', errors: { 'startingBalances[1].startingBalance': ['Please input a number of hours, e.g. 12.5'] } });
    const other = new ApiError(400, 'Bad Request', { code: 'validation', message: 'Invalid input', errors: { employeeIds: ['Please choose people of your company'] } });
    const down = new ApiError(503, 'Busy', { code: 'server_busy', message: 'Busy' });
    const { fields, general } = failureMessages([
      { ptoPolicyId: 3, changes, error: refused },
      { ptoPolicyId: 4, changes: [], error: other },
      { ptoPolicyId: 5, changes: [], error: down },
    ]);
    expect(fields).toEqual({ '12:1': 'Please input a number of hours, e.g. 12.5' });
    expect(general).toEqual([other, down]);
  });
});
