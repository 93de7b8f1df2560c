import { Button, Group, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { useDeleteDoc } from '../api/delete-doc';
import { useDeleteEvent } from '../api/delete-event';
import { useDoc } from '../api/get-doc';
import { useEvent } from '../api/get-event';
import { failureMessage, HR_TEXTS } from './labels';
import { DocumentDetails, EventDetails } from './record-details';

interface DeleteProps {
  what: string;
  pending: boolean;
  /** Deletes; `settled` closes the question once the server has answered. */
  onConfirm: (settled: () => void) => void;
}

/** 'Delete' with 001 §8's question (its wording as the original shows it). */
function DeleteRecord({ what, pending, onConfirm }: DeleteProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Group justify="flex-end">
        <Button variant="outline" color="red.9" onClick={() => setAsking(true)}>
          Delete
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={`Delete ${what}`}
        message={HR_TEXTS.deleteQuestion}
        confirmLabel="Delete"
        danger
        loading={pending}
        onCancel={() => setAsking(false)}
        onConfirm={() => onConfirm(() => setAsking(false))}
      />
    </>
  );
}

interface PanelProps {
  id: number;
  employeeId: number;
  timeZone: string;
  /** Deleted: the dock closes and the lists are asked again (001 §4). */
  onDeleted: () => void;
}

/** The folder's event dock: the event's details and Delete. */
export function FolderEventPanel({ id, employeeId, timeZone, onDeleted }: PanelProps) {
  const event = useEvent(id);
  const remove = useDeleteEvent(employeeId);
  if (event.isPending) return <Loader size="sm" aria-label="Loading the event" />;
  if (event.isError) return <FormAlert>{failureMessage(event.error)}</FormAlert>;
  return (
    <Stack gap="lg">
      <EventDetails event={event.data} timeZone={timeZone} />
      {remove.isError ? <FormAlert>{`Sorry ${failureMessage(remove.error)}`}</FormAlert> : null}
      <DeleteRecord
        what="HR Event"
        pending={remove.isPending}
        onConfirm={(settled) =>
          remove.mutate(id, {
            onSuccess: (answer) => {
              if (answer.message) notifications.show({ color: 'green', message: answer.message });
              onDeleted();
            },
            onSettled: settled,
          })
        }
      />
    </Stack>
  );
}

/** The folder's document dock: the document's details, Download and Delete. */
export function FolderDocumentPanel({ id, employeeId, timeZone, onDeleted }: PanelProps) {
  const doc = useDoc(id);
  const remove = useDeleteDoc(employeeId);
  if (doc.isPending) return <Loader size="sm" aria-label="Loading the document" />;
  if (doc.isError) return <FormAlert>{failureMessage(doc.error)}</FormAlert>;
  return (
    <Stack gap="lg">
      <DocumentDetails doc={doc.data} timeZone={timeZone} />
      {remove.isError ? <FormAlert>{`Sorry ${failureMessage(remove.error)}`}</FormAlert> : null}
      <DeleteRecord
        what="HR Document"
        pending={remove.isPending}
        onConfirm={(settled) =>
          remove.mutate(id, {
            onSuccess: (answer) => {
              if (answer.message) notifications.show({ color: 'green', message: answer.message });
              onDeleted();
            },
            onSettled: settled,
          })
        }
      />
    </Stack>
  );
}
