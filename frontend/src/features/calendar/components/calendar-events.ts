import type { EventInput } from '@fullcalendar/core';
import { addDays } from '@/lib/company-time';
import type { AgendaItem } from '../api/agenda';
import { AGENDA_LOOKS, agendaKind, agendaTitle, isCalendarEvent } from './agenda-labels';

/**
 * Agenda items as FullCalendar events. Times are the company's wall clock: the calendar runs in
 * 'UTC' and gets the wall times without an offset, so nothing is converted and 09:00 shows as
 * 09:00 whatever the browser's zone (no daylight-saving gap either). All-day items end at 23:59:59
 * of their last day; FullCalendar wants the day after (exclusive).
 */
export const CALENDAR_TIME_ZONE = 'UTC';

export interface AgendaEventProps {
  agendaType: string;
  agendaId: number;
  canEdit: boolean;
}

export function toCalendarEvent(item: AgendaItem): EventInput {
  const kind = agendaKind(item);
  const look = AGENDA_LOOKS[kind];
  const allDay = item.allday === 1;
  const event = isCalendarEvent(item);
  const extendedProps: AgendaEventProps = { agendaType: item.agendaType, agendaId: item.id, canEdit: item.canEdit };
  return {
    id: `${item.agendaType}-${item.id}`,
    title: agendaTitle(item),
    start: allDay ? item.start.slice(0, 10) : item.start.replace(' ', 'T'),
    end: allDay ? addDays(item.end.slice(0, 10), 1) : item.end.replace(' ', 'T'),
    allDay,
    backgroundColor: look.background,
    borderColor: look.background,
    textColor: look.text,
    // Calendar events open the event panel: a link the keyboard reaches too.
    interactive: event,
    classNames: [`tk-${kind}`, ...(event ? ['tk-editable'] : [])],
    extendedProps,
  };
}

/** The days FullCalendar shows ('YYYY-MM-DD…' start, exclusive end) as the agenda's inclusive range. */
export const visibleRange = (startStr: string, endStr: string): { start: string; end: string } => ({
  start: startStr.slice(0, 10),
  end: addDays(endStr.slice(0, 10), -1),
});
