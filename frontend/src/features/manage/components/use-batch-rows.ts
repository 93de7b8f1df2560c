import { useState } from 'react';
import {
  blankRow,
  blankRows,
  bulkFailure,
  isBlankRow,
  toBulkPayload,
  useAddMultipleUsers,
  validateBulkRows,
  type BulkField,
  type BulkRow,
  type BulkRowErrors,
} from '../api/add-multiple-users';
import { DEFAULT_PERMISSION } from '../api/schemas';
import { failureMessage, sorry } from './labels';

const isTouched = (row: BulkRow): boolean => !isBlankRow(row) || row.jobrole !== null || row.permission !== DEFAULT_PERMISSION;

/**
 * The bulk add's rows (10 blank ones to start), their problems and the form's message. Blank rows
 * are ignored; the others are checked, then sent together, and the server's `users[i].field`
 * errors come back to the row they were typed in.
 */
export function useBatchRows({ onAdded }: { onAdded: () => void }) {
  const add = useAddMultipleUsers();
  const [rows, setRows] = useState<BulkRow[]>(() => blankRows());
  const [rowErrors, setRowErrors] = useState<BulkRowErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const onChange = (index: number, changes: Partial<BulkRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...changes } : row)));
    setRowErrors((current) => {
      const mine = current[index];
      if (!mine) return current;
      const next = { ...mine };
      for (const field of Object.keys(changes) as BulkField[]) delete next[field];
      return { ...current, [index]: next };
    });
  };

  const addRow = () => setRows((current) => [...current, blankRow()]);

  const submit = () => {
    const check = validateBulkRows(rows);
    setRowErrors(check.rowErrors);
    setMessage(check.message ? sorry(check.message) : null);
    if (check.message) return;
    const { users, rowOf } = toBulkPayload(rows);
    add.mutate(users, {
      onSuccess: onAdded,
      onError: (err) => {
        const failure = bulkFailure(err, rowOf);
        setRowErrors(failure?.rowErrors ?? {});
        setMessage(sorry(failure?.message ?? failureMessage(err)));
      },
    });
  };

  return { rows, rowErrors, message, dirty: rows.some(isTouched), saving: add.isPending, onChange, addRow, submit };
}
