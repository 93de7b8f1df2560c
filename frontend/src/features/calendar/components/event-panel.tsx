import { Loader } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import { useCalendarEvent } from '../api/calendar-events';
import { emptyEventForm, formFromEvent } from '../api/event-form';
import { CalendarEventForm } from './calendar-event-form';
import { EventDetails } from './event-details';

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

function EditEvent({ id, onDone }: { id: number; onDone: () => void }) {
  const event = useCalendarEvent(id);
  if (event.isPending) return <Loader size="sm" aria-label="Loading the event" />;
  if (event.isError) return <FormAlert>{serverMessage(event.error)}</FormAlert>;
  if (!event.data.canEdit) return <EventDetails event={event.data} />;
  return <CalendarEventForm key={id} event={event.data} initialValues={formFromEvent(event.data)} onDone={onDone} />;
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
        <CalendarEventForm key={`add-${shown.day}`} event={null} initialValues={emptyEventForm(shown.day)} onDone={onClose} />
      ) : shown?.mode === 'edit' ? (
        <EditEvent id={shown.id} onDone={onClose} />
      ) : null}
    </Dock>
  );
}
