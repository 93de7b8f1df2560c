import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DELETE_POLICY_QUESTION, useDeletePolicy } from '../api/delete-policy';
import type { PolicyView } from '../api/schemas';
import { failureMessage } from './labels';

/** 'Are you sure?' before a broadcast goes; the answer (or the failure) is a notification. */
export function DeleteBroadcastDialog({ policy, onClose }: { policy: PolicyView | null; onClose: () => void }) {
  const remove = useDeletePolicy();
  return (
    <ConfirmDialog
      opened={policy !== null}
      title="Are you sure?"
      message={DELETE_POLICY_QUESTION}
      confirmLabel="Delete"
      danger
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!policy) return;
        remove.mutate(policy.id, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message || 'The Broadcast has been removed.' }),
          onError: (err) => notifications.show({ color: 'red', message: `Sorry ${failureMessage(err)}` }),
          onSettled: onClose,
        });
      }}
    />
  );
}
