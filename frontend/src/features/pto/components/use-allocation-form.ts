import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { sorry } from '@/lib/form-errors';
import {
  acceptsDigitsOnly,
  ALLOCATION_SAVED,
  allocationChanges,
  AllocationSaveError,
  allocationText,
  failureMessages,
  fieldKey,
  invalidChanges,
  useAllocation,
  useSaveAllocation,
  type AllocationRow,
} from '../api/allocation';
import { STARTING_BALANCE_MESSAGE } from '../api/employee-pto';
import type { AllocationFields } from './allocation-grid';

/**
 * The PTO Allocation's state: the chosen year's balances, the admin's field texts by
 * `{employeeId}:{ptoTypeId}`, their problems, and the submit (only changed fields are sent).
 */
export function useAllocationForm() {
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const allocation = useAllocation(chosenYear);
  const save = useSaveAllocation();
  /** The admin's field texts by `{employeeId}:{ptoTypeId}`. */
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const data = allocation.data;
  const settled = data !== undefined && !allocation.isPlaceholderData;
  const year = chosenYear ?? data?.year ?? null;
  const changes = settled ? allocationChanges(data, edits) : [];

  const storedText = (row: AllocationRow, ptoTypeId: number) =>
    allocationText(row.types.find((balance) => balance.ptoTypeId === ptoTypeId)?.startingBalance ?? null);
  const fields: AllocationFields = {
    value: (row, ptoTypeId) => edits[fieldKey(row.employeeId, ptoTypeId)] ?? storedText(row, ptoTypeId),
    error: (row, ptoTypeId) => fieldErrors[fieldKey(row.employeeId, ptoTypeId)],
    onChange: (row, ptoTypeId, next) => {
      const key = fieldKey(row.employeeId, ptoTypeId);
      // Anything but digits is refused: the field keeps its text.
      if (!acceptsDigitsOnly(edits[key] ?? storedText(row, ptoTypeId), next)) return;
      setEdits((current) => ({ ...current, [key]: next }));
      setFieldErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([other]) => other !== key)) : current));
    },
    disabled: !settled || save.isPending,
  };

  /** Another year's balances: what was typed for this one is let go. */
  const chooseYear = (value: string | null) => {
    if (!value || Number(value) === year) return;
    setEdits({});
    setFieldErrors({});
    setError(null);
    setChosenYear(Number(value));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!settled || changes.length === 0) return;
    setError(null);
    const invalid = invalidChanges(changes);
    if (invalid.length > 0) {
      setFieldErrors(Object.fromEntries(invalid.map((key) => [key, STARTING_BALANCE_MESSAGE])));
      return;
    }
    setFieldErrors({});
    save.mutate(
      { year: data.year, changes },
      {
        onSuccess: () => {
          setEdits({});
          notifications.show({ color: 'green', message: ALLOCATION_SAVED });
        },
        onError: (err) => {
          if (!(err instanceof AllocationSaveError)) {
            setError(sorry(err));
            return;
          }
          // The plans that went through show their stored values again; the refused keep their edits.
          const saved = new Set(err.saved.map((change) => fieldKey(change.employeeId, change.ptoTypeId)));
          setEdits((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !saved.has(key))));
          const { fields: messages, general } = failureMessages(err.failures);
          setFieldErrors(messages);
          if (general.length > 0) setError(sorry(general[0]));
        },
      },
    );
  };

  return { allocation, save, year, changes, fields, error, chooseYear, submit };
}
