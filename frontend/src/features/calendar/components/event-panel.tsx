import { Button, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { formatClockTime, formatIsoDate } from '@/lib/company-time';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { useCalendarEvent, useDeleteCalendarEvent, useEventEmployees, useSaveCalendarEvent, type CalendarEvent } from '../api/calendar-events';
import {
  emptyEventForm,
  EVENT_MESSAGES,
  EVENT_NAME_MAX,
  EVENT_SERVER_FIELDS,
  eventFieldErrors,
  eventFormErrors,
  formFromEvent,
  TEAM_EVENT,
  toEventBody,
  withStartDate,
  type EventFormValues,
} from '../api/event-form';

/** Spec 000 §9: the other side panels are 350 wide (phones: the full width). */
export const EVENT_PANEL_WIDTH = 350;

/** What the panel shows: a new event on a day, or an existing event by its id. */
export type EventPanelState = { mode: 'add'; day: string } | { mode: 'edit'; id: number } | null;

/** The panel's state for a screen: `openAdd(day)`, `openEdit(id)`, `close()`. */
export function useEventPanel() {
  const [state, setState] = useState<EventPanelState>(null);
  const openAdd = useCallback((day: string) => setState({ mode: 'add', day }), []);
  const openEdit = useCallback((id: number) => setState({ mode: 'edit', id }), []);
  const close = useCallback(() => setState(null), []);
  return { state, openAdd, openEdit, close };
}

const personOf = (event: CalendarEvent): string => `${event.firstname ?? ''} ${event.lastname ?? ''}`.trim();

function EventForm({ event, initialValues, onDone }: { event: CalendarEvent | null; initialValues: EventFormValues; onDone: () => void }) {
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

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

const when = (dateTime: string, time: string | null): string => `${formatIsoDate(dateTime)} ${formatClockTime((time ?? dateTime.slice(11, 16)).slice(0, 5))}`;

/** An event the caller may not change: its details only. */
function EventDetails({ event }: { event: CalendarEvent }) {
  return (
    <Stack gap="sm" data-testid="event-details">
      <Detail label="Event Name">{event.eventName}</Detail>
      <Detail label="Employee">{event.employeeId === null ? 'Team Event' : personOf(event)}</Detail>
      <Detail label="Starts">{when(event.startDate, event.starttime)}</Detail>
      <Detail label="Ends">{when(event.endDate, event.endtime)}</Detail>
      {event.description ? <Detail label="Description">{event.description}</Detail> : null}
      {event.createdBy ? <Detail label="Added by">{`${event.createdBy.firstname} ${event.createdBy.lastname}`.trim()}</Detail> : null}
    </Stack>
  );
}

function EditEvent({ id, onDone }: { id: number; onDone: () => void }) {
  const event = useCalendarEvent(id);
  if (event.isPending) return <Loader size="sm" aria-label="Loading the event" />;
  if (event.isError) return <FormAlert>{serverMessage(event.error)}</FormAlert>;
  if (!event.data.canEdit) return <EventDetails event={event.data} />;
  return <EventForm key={id} event={event.data} initialValues={formFromEvent(event.data)} onDone={onDone} />;
}

/**
 * The calendar event side panel (spec 002 §2): 'Add Event' or 'Edit Event', 350 wide. Fields:
 * employee ('Team Event' first), event name, start date and time, end date and time, description.
 * Saved: 'The Event has been saved.'; Delete (after the question) only when editing. An event the
 * caller may not change opens read-only.
 */
export function EventPanel({ state, onClose }: { state: EventPanelState; onClose: () => void }) {
  // While the panel slides out, it keeps showing what it showed.
  const [shown, setShown] = useState<EventPanelState>(state);
  if (state !== null && state !== shown) setShown(state);
  const editing = shown?.mode === 'edit' ? shown.id : null;
  const event = useCalendarEvent(editing);
  const title = shown?.mode === 'add' ? 'Add Event' : event.data && !event.data.canEdit ? 'Event' : 'Edit Event';

  return (
    <Dock opened={state !== null} onClose={onClose} title={title} width={EVENT_PANEL_WIDTH} testId="event-panel">
      {shown?.mode === 'add' ? (
        <EventForm key={`add-${shown.day}`} event={null} initialValues={emptyEventForm(shown.day)} onDone={onClose} />
      ) : shown?.mode === 'edit' ? (
        <EditEvent id={shown.id} onDone={onClose} />
      ) : null}
    </Dock>
  );
}
