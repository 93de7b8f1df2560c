import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure } from '@/lib/form-errors';
import { rejectFormSchema, useRejectRequest, type RejectFormValues } from '../api/respond';
import type { InboxTimesheetRow } from '../api/schemas';

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

interface RejectFormProps {
  row: InboxTimesheetRow;
  onDone: () => void;
  onCancel: () => void;
}

/** Spec 001 §5: a rejection needs a reason that is not blank after trimming; otherwise the field is flagged. */
export function RejectForm({ row, onDone, onCancel }: RejectFormProps) {
  const reject = useRejectRequest();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RejectFormValues>({
    mode: 'uncontrolled',
    initialValues: { comment: '' },
    validate: schemaResolver(rejectFormSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      aria-label="Reject the request"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        reject.mutate(
          { reqId: row.id, comment: values.comment },
          {
            onSuccess: () => onDone(),
            onError: (err) => {
              // The server explains its refusals (409, 403, 404); anything else is the generic text.
              const failure = formFailure(err, ['comment'], { useServerMessage: err instanceof ApiError && err.status < 500 });
              form.setErrors(failure.fieldErrors);
              setError(failure.message);
            },
          },
        );
      })}
    >
      <Stack gap="md">
        <Text size="sm">
          Rejecting the timesheet edit request of <strong>{row.name}</strong>.
        </Text>
        {error && !reject.isPending ? <FormAlert>{error}</FormAlert> : null}
        <Textarea label="Reason" required autosize minRows={3} maxRows={8} data-autofocus key={form.key('comment')} {...form.getInputProps('comment')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={reject.isPending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
