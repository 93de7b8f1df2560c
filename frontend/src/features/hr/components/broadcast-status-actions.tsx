import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import type { WorkflowView } from '../api/schemas';
import { useSendWorkflowReminder } from '../api/send-workflow-reminder';
import { STOP_QUESTION, useStopWorkflow } from '../api/stop-workflow';
import { failureMessage } from './labels';
import { isAwaitingAnswers } from './policy-status';

/** Shown when stopping answers without a message of its own. */
export const STOPPED = 'The Broadcast has been stopped.';

interface ActionsProps {
  workflow: WorkflowView;
  onStopped: (workflow: WorkflowView) => void;
}

/**
 * 'Send Reminder' and 'Stop' (002 §4): only while the publication is active and someone has not
 * answered. Sending a reminder hides Stop, stopping hides Send Reminder; stopped, the view closes.
 */
export function StatusActions({ workflow, onStopped }: ActionsProps) {
  const remind = useSendWorkflowReminder();
  const stop = useStopWorkflow();
  const [asking, setAsking] = useState(false);
  const [reminded, setReminded] = useState(false);
  const stopping = asking || stop.isPending;
  if (!isAwaitingAnswers(workflow)) return null;
  const failure = remind.error ?? stop.error;
  return (
    <Stack gap="xs">
      {failure ? <FormAlert>{`Sorry ${failureMessage(failure)}`}</FormAlert> : null}
      <Group gap="sm" justify="flex-end">
        {!stopping ? (
          <Button
            variant="light"
            loading={remind.isPending}
            onClick={() =>
              remind.mutate(workflow.id, {
                onSuccess: (answer) => {
                  setReminded(true);
                  notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message || `A reminder was sent to ${answer.sent}.` });
                },
              })
            }
          >
            Send Reminder
          </Button>
        ) : null}
        {!reminded && !remind.isPending ? (
          <Button variant="outline" color="red.9" onClick={() => setAsking(true)} loading={stop.isPending}>
            Stop
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Are you sure?"
        message={STOP_QUESTION}
        confirmLabel="Stop"
        danger
        loading={stop.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          stop.mutate(workflow.id, {
            onSuccess: (stopped) => {
              notifications.show({ color: 'green', message: STOPPED });
              onStopped(stopped);
            },
            onSettled: () => setAsking(false),
          })
        }
      />
    </Stack>
  );
}
