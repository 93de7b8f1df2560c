import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { isPrivileged, type Identity } from '@/lib/identity';
import { useAgenda } from '../api/agenda';
import { AgendaLegend } from './agenda-legend';
import { CalendarFeedButton } from './calendar-feed-button';
import { CALENDAR_TIME_ZONE, toCalendarEvent, visibleRange, type AgendaEventProps } from './calendar-events';
import { EventPanel, useEventPanel } from './event-panel';
import classes from './team-calendar.module.css';

const PLUGINS = [dayGridPlugin, interactionPlugin];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,dayGridWeek' };
const BUTTON_TEXT = { prev: 'Previous', next: 'Next', today: 'Today', month: 'Month', week: 'Week' };
const TIME_FORMAT = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;

/**
 * /team-calendar (spec 000 §2, 002 §2): month and week views of the agenda — time off, holidays,
 * birthdays, anniversaries and calendar events in their colours — with a legend. A calendar
 * event opens the event panel (read-only when the caller may not change it); a day opens
 * 'Add Event' on that day. 'Subscribe' gives the private iCalendar link.
 */
export function TeamCalendarScreen({ identity, today }: { identity: Identity; today: string }) {
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const includePending = isPrivileged(identity);
  const agenda = useAgenda(range ? { ...range, includePending } : null);
  const events = useMemo(() => (agenda.data?.items ?? []).map(toCalendarEvent), [agenda.data]);
  const panel = useEventPanel();
  const { openAdd, openEdit } = panel;

  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const next = visibleRange(arg.startStr, arg.endStr);
    setRange((current) => (current && current.start === next.start && current.end === next.end ? current : next));
  }, []);
  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      const props = arg.event.extendedProps as AgendaEventProps;
      if (props.agendaType === 'HrCalendarEvent') openEdit(props.agendaId);
    },
    [openEdit],
  );
  const onDateClick = useCallback((arg: DateClickArg) => openAdd(arg.dateStr.slice(0, 10)), [openAdd]);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Team Calendar
          </Title>
          {agenda.isFetching ? <Loader size="xs" aria-label="Loading the calendar" /> : null}
        </Group>
        <Group gap="sm">
          <CalendarFeedButton />
          <Button onClick={() => openAdd(today)}>Add Event</Button>
        </Group>
      </Group>
      <AgendaLegend />
      {agenda.isError ? <FormAlert>{loadErrorMessage(agenda.error)}</FormAlert> : null}
      <Card withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className={classes.calendar} data-testid="team-calendar" aria-busy={agenda.isFetching}>
        <FullCalendar
          plugins={PLUGINS}
          initialView="dayGridMonth"
          initialDate={today}
          now={`${today}T12:00:00`}
          timeZone={CALENDAR_TIME_ZONE}
          firstDay={0}
          headerToolbar={TOOLBAR}
          buttonText={BUTTON_TEXT}
          // Text buttons: FullCalendar's icon spans are role="img" without a name (axe).
          buttonIcons={false}
          height="auto"
          eventDisplay="block"
          eventTimeFormat={TIME_FORMAT}
          events={events}
          datesSet={onDatesSet}
          eventClick={onEventClick}
          dateClick={onDateClick}
        />
      </Card>
      <EventPanel state={panel.state} onClose={panel.close} />
    </Stack>
  );
}
