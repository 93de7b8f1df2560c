import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRemoveManualAddition, useUndoSwitch } from '@/features/pto/api/employee-pto';
import { sorry } from '@/lib/form-errors';
import { HISTORY_TYPES, useCancelPtoRequest, type PtoHistoryItem } from '../api/get-pto-history';
import { manageKeys } from '../api/keys';

/** What the history asks about: cancelling a request, or removing an entry. */
export type PendingAction = { action: 'cancel' | 'remove'; item: PtoHistoryItem };

/**
 * The folder history's Cancel and Remove: the question (it keeps its wording while it closes:
 * `confirming` stays until the next one), then the call with its error.
 */
export function useTimeOffHistoryActions(employeeId: number) {
  const queryClient = useQueryClient();
  const cancel = useCancelPtoRequest();
  const removeAddition = useRemoveManualAddition(employeeId);
  const undoSwitch = useUndoSwitch(employeeId);
  const [confirming, setConfirming] = useState<PendingAction | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (next: PendingAction) => {
    setConfirming(next);
    setAsking(true);
  };
  const [error, setError] = useState<string | null>(null);
  const busy = cancel.isPending || removeAddition.isPending || undoSwitch.isPending;

  const confirm = () => {
    if (!confirming) return;
    const { action, item } = confirming;
    setError(null);
    const options = {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.folderPtoHistory(employeeId) }),
      onError: (err: unknown) => setError(sorry(err)),
      onSettled: () => setAsking(false),
    };
    if (action === 'cancel' && item.request) {
      cancel.mutate(item.request.id, {
        ...options,
        // The hook refreshes every PTO query, this history among them.
        onSuccess: (answer) => {
          if (answer.message) notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message });
        },
      });
    } else if (action === 'remove' && item.sourceId !== null) {
      if (item.dataType === HISTORY_TYPES.newPlan) undoSwitch.mutate(item.sourceId, options);
      else removeAddition.mutate(item.sourceId, options);
    }
  };

  return { confirming, asking, setAsking, ask, error, busy, confirm };
}
