import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Dock } from '@/components/dock';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure } from '@/lib/form-errors';
import { rejectFormSchema, useRejectRequest, useRejectTimeOff, type RejectFormValues } from '../api/respond';
import type { InboxTimeOffRow, InboxTimesheetRow } from '../api/schemas';

/** Spec 001 §9: the reject panel is 300 wide (full width on phones). */
export const REJECT_PANEL_WIDTH = 300;

/** The right-side panel that asks for the reason of a rejection. */
export function RejectPanel({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dock opened={opened} onClose={onClose} title="Reject Request" width={REJECT_PANEL_WIDTH} testId="reject-panel">
      {children}
    </Dock>
  );
}

/** What the panel rejects: a timesheet edit request or a time-off request. */
export type RejectTarget = { kind: 'timesheet'; row: InboxTimesheetRow } | { kind: 'timeoff'; row: InboxTimeOffRow };

/** A key that tells requests of both kinds apart (their ids come from different tables). */
export const rejectTargetKey = (target: RejectTarget): string => `${target.kind}-${target.row.id}`;

interface RejectFormProps {
  target: RejectTarget;
  onDone: () => void;
  onCancel: () => void;
}

/** Spec 001 §5: a rejection needs a reason that is not blank after trimming; otherwise the field is flagged. */
export function RejectForm({ target, onDone, onCancel }: RejectFormProps) {
  const rejectTimesheet = useRejectRequest();
  const rejectTimeOff = useRejectTimeOff();
  const pending = rejectTimesheet.isPending || rejectTimeOff.isPending;
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RejectFormValues>({
    mode: 'uncontrolled',
    initialValues: { comment: '' },
    validate: schemaResolver(rejectFormSchema, { sync: true }),
  });
  // A reason typed and not sent is asked about before the panel closes.
  useDiscardGuard(() => form.isDirty());
  return (
    <form
      noValidate
      aria-label="Reject the request"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        const onError = (err: Error) => {
          // The server explains its refusals (409, 403, 404); anything else is the generic text.
          const failure = formFailure(err, ['comment'], { useServerMessage: err instanceof ApiError && err.status < 500 });
          form.setErrors(failure.fieldErrors);
          setError(failure.message);
        };
        if (target.kind === 'timeoff') {
          rejectTimeOff.mutate(
            { requestId: target.row.id, comment: values.comment },
            {
              onSuccess: (answer) => {
                if (answer.message) notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message });
                onDone();
              },
              onError,
            },
          );
        } else {
          rejectTimesheet.mutate({ reqId: target.row.id, comment: values.comment }, { onSuccess: () => onDone(), onError });
        }
      })}
    >
      <Stack gap="md">
        <Text size="sm">
          Rejecting the {target.kind === 'timeoff' ? 'time off' : 'timesheet edit'} request of <strong>{target.row.name}</strong>.
        </Text>
        {error && !pending ? <FormAlert>{error}</FormAlert> : null}
        <Textarea label="Reason" required autosize minRows={3} maxRows={8} data-autofocus key={form.key('comment')} {...form.getInputProps('comment')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={pending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
