import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { Button, Card, Group, Loader, SegmentedControl, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { isPrivileged, type Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { useAgenda } from '../api/agenda';
import { agendaKind } from './agenda-labels';
import { AgendaLegend } from './agenda-legend';
import { CalendarFeedButton } from './calendar-feed-button';
import { CALENDAR_TIME_ZONE, toCalendarEvent, visibleRange, type AgendaEventProps } from './calendar-events';
import { EventPanel, useEventPanel } from './event-panel';
import { lastDayOfMonth, MonthList, monthOf } from './month-list';
import classes from './team-calendar.module.css';

const PLUGINS = [dayGridPlugin, interactionPlugin];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,dayGridWeek' };
const BUTTON_TEXT = { prev: 'Previous', next: 'Next', today: 'Today', month: 'Month', week: 'Week' };
const TIME_FORMAT = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;

/** The team calendar's two faces: FullCalendar's grid, and the month's entries listed by day. */
type CalendarView = 'grid' | 'list';
const VIEW_OPTIONS = [
  { value: 'grid', label: 'Calendar' },
  { value: 'list', label: 'List' },
];

interface CalendarGridProps {
  initialDate: string;
  today: string;
  events: EventInput[];
  onDatesSet: (arg: DatesSetArg) => void;
  onEventClick: (arg: EventClickArg) => void;
  onDateClick: (arg: DateClickArg) => void;
}

/** FullCalendar's month and week grids, opening on `initialDate`. */
function CalendarGrid({ initialDate, today, events, onDatesSet, onEventClick, onDateClick }: CalendarGridProps) {
  // Held from the mount: the month on screen follows the grid's own moves, and handing it back
  // as a new initial date could move a week view to the month's first week.
  const [openedOn] = useState(initialDate);
  return (
    <FullCalendar
      plugins={PLUGINS}
      initialView="dayGridMonth"
      initialDate={openedOn}
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
  );
}

/**
 * /team-calendar (spec 000 §2, 002 §2): month and week views of the agenda — time off, holidays,
 * birthdays, anniversaries and calendar events in their colours — with a legend, or the month as a
 * list by day (a phone's first view: its grid cuts every entry to a few letters). A calendar
 * event opens the event panel (read-only when the caller may not change it); a day of the grid
 * opens 'Add Event' on that day. 'Subscribe' gives the private iCalendar link.
 */
export function TeamCalendarScreen({ identity, today }: { identity: Identity; today: string }) {
  const isPhone = useIsPhone();
  // Until someone picks a view, the screen's width picks it (and a turned phone may change it).
  const [chosenView, setChosenView] = useState<CalendarView | null>(null);
  const view = chosenView ?? (isPhone ? 'list' : 'grid');
  // The month on screen, kept across the views so that switching stays on it.
  const [month, setMonth] = useState(() => monthOf(today));
  const [gridRange, setGridRange] = useState<{ start: string; end: string } | null>(null);
  const range = view === 'list' ? { start: month, end: lastDayOfMonth(month) } : gridRange;
  // Pending time off is scoped by the server to the caller's reach: an employee sees their own.
  const agenda = useAgenda(range ? { ...range, includePending: true } : null);
  const events = useMemo(() => (agenda.data?.items ?? []).map(toCalendarEvent), [agenda.data]);
  const panel = useEventPanel();
  const { openAdd, openEdit } = panel;

  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const next = visibleRange(arg.startStr, arg.endStr);
    setGridRange((current) => (current && current.start === next.start && current.end === next.end ? current : next));
    setMonth(monthOf(arg.view.calendar.getDate().toISOString().slice(0, 10)));
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
          <SegmentedControl aria-label="View" value={view} onChange={(value) => setChosenView(value as CalendarView)} data={VIEW_OPTIONS} data-testid="calendar-view" />
          <CalendarFeedButton />
          <Button onClick={() => openAdd(today)}>Add Event</Button>
        </Group>
      </Group>
      <AgendaLegend ownPendingOnly={!isPrivileged(identity)} withLicences={(agenda.data?.items ?? []).some((item) => agendaKind(item) === 'licence')} />
      {agenda.isError ? <FormAlert>{loadErrorMessage(agenda.error)}</FormAlert> : null}
      {view === 'list' ? (
        <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="team-calendar-list" aria-busy={agenda.isFetching}>
          <MonthList
            month={month}
            today={today}
            items={agenda.isPlaceholderData ? [] : (agenda.data?.items ?? [])}
            loaded={agenda.isSuccess && !agenda.isPlaceholderData}
            onMonth={setMonth}
            onOpenEvent={openEdit}
          />
        </Card>
      ) : (
        <Card withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className={classes.calendar} data-testid="team-calendar" aria-busy={agenda.isFetching}>
          <CalendarGrid
            initialDate={month === monthOf(today) ? today : month}
            today={today}
            events={events}
            onDatesSet={onDatesSet}
            onEventClick={onEventClick}
            onDateClick={onDateClick}
          />
        </Card>
      )}
      <EventPanel state={panel.state} onClose={panel.close} />
    </Stack>
  );
}
