/**
 * Tests only: the calendar's calls (docs/contracts/calendar-celebrations-reports.md "Agenda",
 * "Calendar events", "Calendar feed") as a fake server at the fetch level, with builders for its
 * answers. Routes can be replaced per test.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { identitySchema, type Identity, type IdentityClaims } from '@/lib/identity';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { claims } from '@/testing/tokens';
import type { AgendaItem } from '../api/agenda';
import type { CalendarEvent } from '../api/calendar-events';

/** A Wednesday: its week runs from Sunday 2026-11-15 to Saturday 2026-11-21. */
export const TODAY = '2026-11-18';
export const NY = 'America/New_York';

export const identity = (overrides: Partial<IdentityClaims> = {}): Identity =>
  identitySchema.parse(claims({ eid: 9, firstname: 'Emma', lastname: 'Brooks', roles: ['employee'], timezone: NY, ...overrides }));
export const asAdmin = () => identity({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] });

export const agendaItem = (fields: Partial<AgendaItem> & Pick<AgendaItem, 'agendaType' | 'id' | 'start' | 'end'>): AgendaItem => ({
  allday: 0,
  soffset: -300,
  eoffset: -300,
  status: 3,
  avatar: null,
  firstname: null,
  lastname: null,
  employeeId: null,
  name: null,
  years: null,
  canEdit: false,
  ...fields,
});

/** A week of everything: time off (approved and pending), a holiday, a birthday, an anniversary and events. */
export const WEEK_ITEMS: AgendaItem[] = [
  agendaItem({ agendaType: 'PTO_REQUEST', id: 40, start: '2026-11-16 00:00:00', end: '2026-11-17 23:59:59', allday: 1, firstname: 'Liam', lastname: 'Carter', employeeId: 12, name: 'Vacation' }),
  agendaItem({ agendaType: 'BIRTHDAY', id: 9, start: '2026-11-18 00:00:00', end: '2026-11-18 23:59:59', allday: 1, firstname: 'Emma', lastname: 'Brooks', employeeId: 9, name: 'Birthday' }),
  agendaItem({ agendaType: 'PTO_REQUEST', id: 41, start: '2026-11-18 09:00:00', end: '2026-11-18 11:00:00', status: 0, firstname: 'Zoe', lastname: 'Young', employeeId: 14, name: 'Sick' }),
  agendaItem({ agendaType: 'HrCalendarEvent', id: 70, start: '2026-11-18 12:00:00', end: '2026-11-18 13:30:00', name: 'Team lunch', canEdit: true }),
  agendaItem({ agendaType: 'HOLIDAY', id: 3, start: '2026-11-20 00:00:00', end: '2026-11-20 23:59:59', allday: 1, name: 'Founders Day' }),
  agendaItem({ agendaType: 'ANNIVERSARY', id: 12, start: '2026-11-21 00:00:00', end: '2026-11-21 23:59:59', allday: 1, firstname: 'Liam', lastname: 'Carter', employeeId: 12, name: '3 years at Acme', years: 3 }),
];

export const calendarEvent = (fields: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 70,
  employeeId: null,
  firstname: null,
  lastname: null,
  eventName: 'Team lunch',
  description: 'At the diner',
  startDate: '2026-11-18 12:00:00',
  endDate: '2026-11-18 13:30:00',
  starttime: '12:00',
  endtime: '13:30',
  createdBy: { id: 1, firstname: 'Ada', lastname: 'Admin' },
  canEdit: true,
  ...fields,
});

export const EMPLOYEE_OPTIONS = {
  options: [
    { id: null, label: 'Team Event' },
    { id: 1, label: 'Ada Admin' },
    { id: 9, label: 'Emma Brooks' },
  ],
};

type Handler = Parameters<typeof mockFetch>[0][string];
export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    response({ status, json: body });
export const fieldErrors =
  (errors: Record<string, string[]>): Handler =>
  () =>
    response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Validation failed', errors, requestId: 'r1' } });

/** Echoes a saved event the way the server answers it. */
const savedEvent: Handler = (init) => {
  const body = bodyOf(init) as { id?: number; employeeId: number | null; eventName: string; startDate: string; endDate: string; description: string };
  return response({
    json: calendarEvent({
      id: body.id ?? 71,
      employeeId: body.employeeId,
      eventName: body.eventName,
      startDate: body.startDate,
      endDate: body.endDate,
      starttime: body.startDate.slice(11, 16),
      endtime: body.endDate.slice(11, 16),
      description: body.description,
    }),
  });
};

/** The calendar's calls with quiet defaults: an empty agenda, the employees, saving and deleting work. */
export function calendarServer(routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /pto/agenda': json({ items: [] }),
    'GET /calendar-event/employees': json(EMPLOYEE_OPTIONS),
    'GET /calendar-event/get-calendar-event-info': json(calendarEvent()),
    'POST /calendar-event/add-event': savedEvent,
    'POST /calendar-event/update-event': savedEvent,
    'POST /calendar-event/del-calendar-event': (init) => response({ json: { id: (bodyOf(init) as { id: number }).id } }),
    'GET /calendar-feed/mine': json({ url: 'https://timekeep.test/server/v1/calendar-feed/first-secret.ics' }),
    'POST /calendar-feed/reset': json({ url: 'https://timekeep.test/server/v1/calendar-feed/second-secret.ics' }),
    ...routes,
  });
}

/** The calls to a path (without /server/v1), each with its URL and init. */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}` && (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init! }));

/** Picks an option of a Mantine select by its label. */
export async function pick(user: UserEvent, label: RegExp | string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}
