/**
 * Query keys of the calendar. Every write of a calendar event invalidates `agenda` (the 'What's
 * happening?' card and /team-calendar ask under it); the feed link is the signed-in person's own.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  agenda: ['calendar', 'agenda'] as const,
  agendaRange: (start: string, end: string, includePending: boolean, types: string) => ['calendar', 'agenda', start, end, includePending, types] as const,
  event: (id: number) => ['calendar', 'event', id] as const,
  employees: ['calendar', 'employees'] as const,
  feed: ['calendar', 'feed'] as const,
};
