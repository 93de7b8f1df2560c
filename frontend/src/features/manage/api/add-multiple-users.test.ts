import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { blankRow, blankRows, BULK_MESSAGES, bulkFailure, isFullName, toBulkPayload, validateBulkRows, type BulkRow } from './add-multiple-users';

const row = (overrides: Partial<BulkRow>): BulkRow => ({ ...blankRow(), ...overrides });

describe('bulk add rows', () => {
  it('starts with 10 blank rows of permission User', () => {
    expect(blankRows()).toHaveLength(10);
    expect(blankRows()[0]).toEqual({ name: '', email: '', jobrole: null, permission: 'employee' });
  });

  it('wants a full name', () => {
    expect(isFullName('Jane Doe')).toBe(true);
    expect(isFullName('  Jane   van Doe ')).toBe(true);
    expect(isFullName('Jane')).toBe(false);
    expect(isFullName('Jane ')).toBe(false);
  });

  it('ignores rows without name and e-mail, and checks the others', () => {
    const rows = [row({}), row({ name: 'Jane', email: 'jane@', jobrole: null }), row({ jobrole: '2' }), row({ name: 'Ok Person', email: 'ok@x.co', jobrole: '2' })];
    const check = validateBulkRows(rows);
    expect(check.message).toBe(BULK_MESSAGES.invalid);
    expect(check.rowErrors).toEqual({ 1: { name: 'Name must be a full name', email: 'The email is invalid', jobrole: 'Please select a role' } });
    expect(validateBulkRows(blankRows()).message).toBe('Please add at least one employee.');
    expect(validateBulkRows([row({ name: 'Ok Person', email: 'ok@x.co', jobrole: '2' })])).toEqual({ rowErrors: {}, message: null });
  });

  it("sends only the non-blank rows and maps the server's users[i] back to the screen row", () => {
    const rows = blankRows();
    rows[1] = row({ name: 'Jane Doe', email: 'jane@x.co', jobrole: '2' });
    rows[4] = row({ name: 'John Roe', email: 'john@x.co', jobrole: '3', permission: 'manager' });
    const payload = toBulkPayload(rows);
    expect(payload.users).toEqual([
      { name: 'Jane Doe', email: 'jane@x.co', jobrole: 2, permission: 'employee' },
      { name: 'John Roe', email: 'john@x.co', jobrole: 3, permission: 'manager' },
    ]);
    expect(payload.rowOf).toEqual([1, 4]);

    const error = new ApiError(400, 'Bad Request', {
      code: 'validation',
      message: BULK_MESSAGES.invalid,
      errors: { 'users[1].email': ['The email has been registered by another user'], 'users[0].name': ['Name must be a full name'] },
    });
    expect(bulkFailure(error, payload.rowOf)).toEqual({
      rowErrors: { 4: { email: 'The email has been registered by another user' }, 1: { name: 'Name must be a full name' } },
      message: BULK_MESSAGES.invalid,
    });
    const none = new ApiError(400, 'Bad Request', { code: 'validation', message: BULK_MESSAGES.none, errors: { users: [BULK_MESSAGES.none] } });
    expect(bulkFailure(none, [])).toEqual({ rowErrors: {}, message: BULK_MESSAGES.none });
  });
});
