import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { APPOINTMENT_FIELDS, appointmentBody, saveFailure, validateAppointment, type AppointmentValues } from '../api/forms';
import { useSaveAppointment } from '../api/folder';
import type { Appointment } from '../api/schemas';
import { STATE_CHOICES } from '../api/states';
import { DateField } from './date-field';

interface AppointmentFormProps {
  employeeId: number;
  appointment: Appointment | null;
  defaultState: string | null;
  today: string;
  onDone: () => void;
}

/** Add or change a carrier appointment in a state: from when, until when (and why it ended). */
export function AppointmentForm({ employeeId, appointment, defaultState, today, onDone }: AppointmentFormProps) {
  const save = useSaveAppointment(employeeId);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AppointmentValues>({
    mode: 'controlled',
    initialValues: appointment
      ? {
          carrier: appointment.carrier,
          state: appointment.state,
          effectiveOn: appointment.effectiveOn,
          terminatedOn: appointment.terminatedOn ?? '',
          reason: appointment.reason ?? '',
        }
      : { carrier: '', state: defaultState, effectiveOn: today, terminatedOn: '', reason: '' },
    validate: validateAppointment,
  });
  useDiscardGuard(() => form.isDirty());

  return (
    <form
      noValidate
      aria-label={appointment ? 'Edit appointment' : 'Add appointment'}
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        save.mutate(appointmentBody(employeeId, values, appointment?.id), {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: `The ${saved.carrier} appointment in ${saved.state} has been saved.` });
            onDone();
          },
          onError: (error) => {
            const failure = saveFailure(error, APPOINTMENT_FIELDS);
            form.setErrors(failure.fieldErrors);
            setMessage(failure.message);
          },
        });
      })}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Carrier" required maxLength={200} autoComplete="off" data-autofocus {...form.getInputProps('carrier')} />
          <Select label="State" required searchable data={STATE_CHOICES} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('state')} />
          <DateField label="Effective" required value={form.values.effectiveOn} onChange={(v) => form.setFieldValue('effectiveOn', v)} error={form.errors.effectiveOn} />
          <DateField
            label="Terminated"
            value={form.values.terminatedOn}
            onChange={(v) => form.setFieldValue('terminatedOn', v)}
            error={form.errors.terminatedOn}
            minDate={form.values.effectiveOn}
          />
        </SimpleGrid>
        <TextInput label="Reason" maxLength={200} autoComplete="off" {...form.getInputProps('reason')} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
