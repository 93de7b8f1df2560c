import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { useDeleteCalendarEvent, useEventEmployees, useSaveCalendarEvent, type CalendarEvent } from '../api/calendar-events';
import {
  EVENT_MESSAGES,
  EVENT_NAME_MAX,
  EVENT_SERVER_FIELDS,
  eventFieldErrors,
  eventFormErrors,
  TEAM_EVENT,
  toEventBody,
  withStartDate,
  type EventFormValues,
} from '../api/event-form';
import { personOf } from './event-details';

/**
 * The event's form: employee ('Team Event' first), event name, start date and time, end date and
 * time, description; Save, and Delete (after the question) only when editing.
 */
export function CalendarEventForm({ event, initialValues, onDone }: { event: CalendarEvent | null; initialValues: EventFormValues; onDone: () => void }) {
  const employees = useEventEmployees(true);
  const save = useSaveCalendarEvent();
  const remove = useDeleteCalendarEvent();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => eventFormErrors(values),
    onValuesChange: () => setError(null),
  });
  useDiscardGuard(() => form.isDirty());

  // 'Team Event' first, then whom the caller may plan for; an edited event's own person stays choosable.
  const options = (employees.data?.options ?? [{ id: null, label: 'Team Event' }]).map((option) => ({
    value: option.id === null ? TEAM_EVENT : String(option.id),
    label: option.label,
  }));
  if (event && event.employeeId !== null && !options.some((o) => o.value === String(event.employeeId))) {
    options.push({ value: String(event.employeeId), label: personOf(event) || `Employee ${event.employeeId}` });
  }

  const submit = form.onSubmit((values) => {
    const body = toEventBody(values, event?.id);
    if (!body) return;
    setError(null);
    save.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: EVENT_MESSAGES.saved });
        onDone();
      },
      onError: (err) => {
        const failure = formFailure(err, EVENT_SERVER_FIELDS, { useServerMessage: true });
        form.setErrors(eventFieldErrors(failure.fieldErrors));
        setError(failure.message);
      },
    });
  });

  const deleteEvent = () => {
    if (!event) return;
    remove.mutate(event.id, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: EVENT_MESSAGES.deleted });
        onDone();
      },
      onError: (err) => {
        setConfirming(false);
        setError(serverMessage(err));
      },
    });
  };

  return (
    <form noValidate aria-label={event ? 'Edit Event' : 'Add Event'} data-testid="event-form" onSubmit={submit}>
      <Stack gap="md">
        <Select
          label="Employee"
          data={options}
          allowDeselect={false}
          withAsterisk
          description={employees.isError ? loadErrorMessage(employees.error) : undefined}
          {...form.getInputProps('employee')}
        />
        <TextInput label="Event Name" withAsterisk maxLength={EVENT_NAME_MAX} autoComplete="off" data-autofocus {...form.getInputProps('eventName')} />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            type="date"
            label="Start Date"
            withAsterisk
            value={form.values.startDate}
            onChange={(e) => {
              form.setValues(withStartDate(form.getValues(), e.currentTarget.value));
              form.clearFieldError('startDate');
              form.clearFieldError('endDate');
            }}
            error={form.errors.startDate}
          />
          <TimeInput label="Start Time" withAsterisk {...form.getInputProps('startTime')} />
          <TextInput type="date" label="End Date" min={form.values.startDate || undefined} {...form.getInputProps('endDate')} />
          <TimeInput label="End Time" withAsterisk {...form.getInputProps('endTime')} />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={3} maxRows={8} maxLength={2000} {...form.getInputProps('description')} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="space-between">
          {event ? (
            <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} disabled={save.isPending}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
      <ConfirmDelete opened={confirming} loading={remove.isPending} onConfirm={deleteEvent} onCancel={() => setConfirming(false)} />
    </form>
  );
}
