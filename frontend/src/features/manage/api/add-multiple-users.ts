import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { ApiError, api } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { isEmail } from '@/lib/validation';
import { DEFAULT_PERMISSION, employeeSchema, type PermissionCode } from './schemas';
import { manageKeys } from './keys';

/** Spec 001 §5/§9: bulk add shows 10 blank rows, with these messages. */
export const BULK_BLANK_ROWS = 10;
export const BULK_MESSAGES = {
  name: 'Name must be a full name',
  email: 'The email is invalid',
  jobrole: 'Please select a role',
  none: 'Please add at least one employee.',
  invalid: 'The following records have some input errors. Please correct them and resubmit.',
} as const;

export interface BulkRow {
  name: string;
  email: string;
  /** A job role id as the select holds it, or null. */
  jobrole: string | null;
  permission: PermissionCode;
}

export type BulkField = 'name' | 'email' | 'jobrole' | 'permission';
/** Messages by row index (of the rows on screen) and field. */
export type BulkRowErrors = Record<number, Partial<Record<BulkField, string>>>;

export const blankRow = (): BulkRow => ({ name: '', email: '', jobrole: null, permission: DEFAULT_PERMISSION });
export const blankRows = (count = BULK_BLANK_ROWS): BulkRow[] => Array.from({ length: count }, blankRow);

/** A row with neither name nor e-mail is ignored (spec 001 §5). */
export const isBlankRow = (row: BulkRow): boolean => !row.name.trim() && !row.email.trim();

/** A full name: two parts separated by white space. */
export const isFullName = (name: string): boolean => /^\S+\s+\S/.test(name.trim());

export interface BulkPayload {
  users: { name: string; email: string; jobrole: number | null; permission: PermissionCode }[];
  /** `rowOf[i]` is the screen row of `users[i]`. */
  rowOf: number[];
}

/** The rows to send (the non-blank ones), remembering which screen row each came from. */
export function toBulkPayload(rows: readonly BulkRow[]): BulkPayload {
  const users: BulkPayload['users'] = [];
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    users.push({ name: row.name.trim(), email: row.email.trim(), jobrole: row.jobrole ? Number(row.jobrole) : null, permission: row.permission });
    rowOf.push(index);
  });
  return { users, rowOf };
}

export interface BulkCheck {
  rowErrors: BulkRowErrors;
  /** The message above the table, or null when the rows can be sent. */
  message: string | null;
}

/** The browser's checks before sending (the server repeats them). */
export function validateBulkRows(rows: readonly BulkRow[]): BulkCheck {
  const rowErrors: BulkRowErrors = {};
  let used = 0;
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    used += 1;
    const errors: Partial<Record<BulkField, string>> = {};
    if (!isFullName(row.name)) errors.name = BULK_MESSAGES.name;
    if (!isEmail(row.email)) errors.email = BULK_MESSAGES.email;
    if (!row.jobrole) errors.jobrole = BULK_MESSAGES.jobrole;
    if (Object.keys(errors).length > 0) rowErrors[index] = errors;
  });
  if (used === 0) return { rowErrors, message: BULK_MESSAGES.none };
  if (Object.keys(rowErrors).length > 0) return { rowErrors, message: BULK_MESSAGES.invalid };
  return { rowErrors, message: null };
}

const ERROR_KEY = /^users\[(\d+)\]\.(name|email|jobrole|permission)$/;

/**
 * A failed POST as messages on screen: `users[<i>].<field>` (i = position in the array sent) goes
 * to the screen row `rowOf[i]`; `errors.users` and the rest become the message above the table.
 */
export function bulkFailure(error: unknown, rowOf: readonly number[]): BulkCheck | null {
  if (!(error instanceof ApiError)) return null;
  const rowErrors: BulkRowErrors = {};
  let other: string | null = null;
  for (const [key, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (!first) continue;
    const match = ERROR_KEY.exec(key);
    const row = match ? rowOf[Number(match[1])] : undefined;
    if (match && row !== undefined) {
      rowErrors[row] = { ...rowErrors[row], [match[2] as BulkField]: first };
    } else {
      other ??= first;
    }
  }
  return { rowErrors, message: error.status >= 500 ? GENERIC_FORM_ERROR : error.message || other };
}

export const addMultipleUsersResponseSchema = z.object({ created: z.number().int(), employees: z.array(employeeSchema) });

/** POST /manage/add-multiple-users [rows] (the spec's bare array): all or nothing; login e-mails go out. */
export const addMultipleUsers = (users: BulkPayload['users']) =>
  api.post('/manage/add-multiple-users', users, { schema: addMultipleUsersResponseSchema });

export function useAddMultipleUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMultipleUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}
