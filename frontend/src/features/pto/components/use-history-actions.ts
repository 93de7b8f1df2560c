import { useState } from 'react';
import { sorry } from '@/lib/form-errors';
import { useRemoveManualAddition, useUndoSwitch } from '../api/employee-pto';
import { useCancelTimeOff, useInvalidateTimeOff } from '../api/requests';
import type { Confirming } from './history-entries';
import { TIME_OFF_TEXTS } from './time-off-labels';

/**
 * The history's cancel and removal: what is being confirmed, then the call (a request's cancel, a
 * manual addition's removal, a plan switch's undo) with its notice or error.
 */
export function useHistoryActions({ employeeId, onCancelled }: { employeeId: number; onCancelled: (id: number) => void }) {
  const cancel = useCancelTimeOff();
  const removeAddition = useRemoveManualAddition(employeeId);
  const undoSwitch = useUndoSwitch(employeeId);
  const invalidate = useInvalidateTimeOff();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!confirming) return;
    setError(null);
    setNotice(null);
    const done = { onError: (err: unknown) => setError(sorry(err)), onSettled: () => setConfirming(null) };
    if (confirming.kind === 'cancel') {
      const { id } = confirming.request;
      cancel.mutate(id, {
        ...done,
        onSuccess: (result) => {
          setNotice(result.message);
          onCancelled(id);
        },
      });
      return;
    }
    const { item } = confirming;
    const removed = {
      ...done,
      onSuccess: async () => {
        setNotice('The entry has been removed.');
        await invalidate();
      },
    };
    if (item.dataType === 'MANUALLY_ADDITION' && item.sourceId !== null) removeAddition.mutate(item.sourceId, removed);
    else if (item.dataType === 'NEW_PTO_PLAN' && item.sourceId !== null) undoSwitch.mutate(item.sourceId, removed);
    else {
      // Spec 000 §8: only logged.
      console.warn(TIME_OFF_TEXTS.unsupportedRemoval);
      setConfirming(null);
    }
  };

  const busy = cancel.isPending || removeAddition.isPending || undoSwitch.isPending;
  return { confirming, setConfirming, notice, error, busy, confirm };
}
