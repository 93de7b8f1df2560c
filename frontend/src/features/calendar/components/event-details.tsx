import { Stack, Text } from '@mantine/core';
import { formatClockTime, formatIsoDate } from '@/lib/company-time';
import type { CalendarEvent } from '../api/calendar-events';

/** The event's person ('' for a team event). */
export const personOf = (event: CalendarEvent): string => `${event.firstname ?? ''} ${event.lastname ?? ''}`.trim();

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
export function EventDetails({ event }: { event: CalendarEvent }) {
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
