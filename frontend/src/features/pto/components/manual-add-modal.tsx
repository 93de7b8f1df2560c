import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { useSettingsData } from '@/lib/settings-data';
import { ApiError } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import { isManualHours, MANUAL_HOURS_MESSAGE, MANUAL_REASON_MAX, reasonLength, useManuallyAddPto } from '../api/employee-pto';

/**
 * 'Manually Add PTO' (001 §3, §5): a paid type, a year (previous, current, next), hours and an
 * optional reason (at most 200 characters), which 'Why this balance?' shows after the admin's name.
 */
export function ManualAddModal({ employeeId, year, opened, onClose }: { employeeId: number; year: number; opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Manually Add PTO" centered>
      <ManualAddForm employeeId={employeeId} year={year} onClose={onClose} />
    </FormModal>
  );
}

/** Mounted while the modal is open: each opening starts empty. */
function ManualAddForm({ employeeId, year, onClose }: { employeeId: number; year: number; onClose: () => void }) {
  const settings = useSettingsData();
  const add = useManuallyAddPto(employeeId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { ptoTypeId: '', year: String(year), hours: '', reason: '' },
    validate: {
      ptoTypeId: (value) => (value ? null : 'Please choose the PTO type'),
      hours: (value) => (isManualHours(value) ? null : MANUAL_HOURS_MESSAGE),
    },
  });
  useDiscardGuard(() => form.isDirty());
  const types = (settings.data?.ptotypes ?? []).filter((type) => type.payable === 1).map((type) => ({ value: String(type.id), label: type.name }));
  const years = [year + 1, year, year - 1].map((y) => ({ value: String(y), label: String(y) }));
  const length = reasonLength(form.values.reason);
  return (
    <form
      noValidate
      aria-label="Manually Add PTO"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        add.mutate(
          { employeeId, ptoTypeId: Number(values.ptoTypeId), year: Number(values.year), hours: values.hours, reason: values.reason },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'PTO information has been saved.' });
              onClose();
            },
            onError: (err) => {
              if (err instanceof ApiError && err.status === 400) {
                const fields = Object.fromEntries(Object.entries(err.errors).map(([field, messages]) => [field, messages[0] ?? '']));
                form.setErrors(fields);
                if (!fields.hours && !fields.ptoTypeId && !fields.year && !fields.reason) setError(sorry(err));
              } else {
                setError(sorry(err));
              }
            },
          },
        );
      })}
    >
      <Stack gap="md">
        <Select label="PTO Type" withAsterisk data={types} placeholder="Choose a type" {...form.getInputProps('ptoTypeId')} />
        <Select label="Year" withAsterisk data={years} allowDeselect={false} {...form.getInputProps('year')} />
        <TextInput label="Hours" withAsterisk inputMode="decimal" placeholder="8" autoComplete="off" {...form.getInputProps('hours')} />
        <Textarea
          label="Reason (optional)"
          placeholder="e.g. Worked the holiday weekend"
          autosize
          minRows={2}
          maxRows={6}
          description={`${length} / ${MANUAL_REASON_MAX} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={{ description: { color: length > MANUAL_REASON_MAX ? 'var(--mantine-color-error)' : undefined } }}
          {...form.getInputProps('reason')}
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
