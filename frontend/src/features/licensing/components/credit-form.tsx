import { Button, FileInput, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ComponentProps } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { CREDIT_FIELDS, creditBody, emptyCredit, formatHours, saveFailure, validateCredit, type CreditValues } from '../api/forms';
import { useAddCredit } from '../api/folder';
import { STATE_CHOICES } from '../api/states';
import { DateField } from './date-field';
import { topicLabel } from './labels';

/** A certificate or a licence's copy: a PDF or an image (the server checks the bytes). */
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,application/pdf,image/*';

/** The topics a credit may count for: general, ethics, then the topics the person's states ask for. */
export function topicChoices(topics: readonly string[]): { value: string; label: string }[] {
  const all = ['general', 'ethics', ...topics.filter((topic) => topic !== 'general' && topic !== 'ethics')];
  return [...new Set(all)].map((topic) => ({ value: topic, label: topicLabel(topic) }));
}

interface CreditFormProps {
  employeeId: number;
  /** The state a new credit is of: the person's resident state (non-residents meet CE at home). */
  defaultState: string | null;
  /** The topics of the person's requirements. */
  topics: readonly string[];
  today: string;
  onDone: () => void;
}

/** Add a completed CE course, with its certificate (optional). */
export function CreditForm({ employeeId, defaultState, topics, today, onDone }: CreditFormProps) {
  const add = useAddCredit(employeeId);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<CreditValues>({ mode: 'controlled', initialValues: emptyCredit(defaultState, today), validate: validateCredit });
  useDiscardGuard(() => form.isDirty());

  return (
    <form
      noValidate
      aria-label="Add CE credit"
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        add.mutate(creditBody(employeeId, values), {
          onSuccess: (credit) => {
            notifications.show({ color: 'green', message: `${formatHours(credit.hours)} h of ${credit.course} have been added.` });
            onDone();
          },
          onError: (error) => {
            const failure = saveFailure(error, CREDIT_FIELDS);
            form.setErrors(failure.fieldErrors);
            setMessage(failure.message);
          },
        });
      })}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput label="Course" required maxLength={200} autoComplete="off" data-autofocus {...form.getInputProps('course')} />
        <TextInput label="Provider" maxLength={200} autoComplete="off" {...form.getInputProps('provider')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Hours" required inputMode="decimal" autoComplete="off" placeholder="e.g. 2 or 1.5" {...form.getInputProps('hours')} />
          <Select label="Topic" required data={topicChoices(topics)} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('topic')} />
          <Select label="State" required searchable data={STATE_CHOICES} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('state')} />
          <DateField label="Completed" required value={form.values.completedOn} onChange={(v) => form.setFieldValue('completedOn', v)} error={form.errors.completedOn} />
        </SimpleGrid>
        <FileInput
          label="Certificate"
          description="A PDF or an image."
          placeholder="Choose a file"
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept={DOCUMENT_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
          fileInputProps={{ 'data-testid': 'certificate-input' } as ComponentProps<'input'>}
          {...form.getInputProps('certificate')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
