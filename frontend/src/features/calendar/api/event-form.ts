import { combineDayAndTime, isIsoDate } from '@/lib/company-time';
import type { CalendarEvent, CalendarEventBody } from './calendar-events';

/**
 * The event panel's form (spec 002 §2 "Calendar event side panel", §8) as plain data: its values,
 * the client's messages, word for word, and the body the server expects.
 */

export const EVENT_MESSAGES = {
  nameRequired: 'Please input Event Name',
  startDateRequired: 'Please input Start Date',
  startTimeRequired: 'Please input the Start Time',
  endTimeRequired: 'Please input the End Time',
  endBeforeStart: "EndDate can't be earlier than StartDate!",
  saved: 'The Event has been saved.',
  deleted: 'The Event has been deleted.',
} as const;

/** The contract's limit on an event's name. */
export const EVENT_NAME_MAX = 100;

/** The employee select's value for a team event (Select values are strings). */
export const TEAM_EVENT = 'team';

/** A new event starts at 9:00 and ends at 10:00 on the chosen day. */
export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_END_TIME = '10:00';

export interface EventFormValues {
  /** TEAM_EVENT or an employee's id. */
  employee: string;
  eventName: string;
  /** 'YYYY-MM-DD'. */
  startDate: string;
  /** 'HH:mm'. */
  startTime: string;
  endDate: string;
  endTime: string;
  description: string;
}

export type EventFormField = keyof EventFormValues;

export const emptyEventForm = (day = ''): EventFormValues => ({
  employee: TEAM_EVENT,
  eventName: '',
  startDate: day,
  startTime: DEFAULT_START_TIME,
  endDate: day,
  endTime: DEFAULT_END_TIME,
  description: '',
});

const hhmmOf = (time: string | null, dateTime: string): string => (time ?? dateTime.slice(11, 16)).slice(0, 5);

/** The form filled in with an event, to edit it. */
export const formFromEvent = (event: CalendarEvent): EventFormValues => ({
  employee: event.employeeId === null ? TEAM_EVENT : String(event.employeeId),
  eventName: event.eventName,
  startDate: event.startDate.slice(0, 10),
  startTime: hhmmOf(event.starttime, event.startDate),
  endDate: event.endDate.slice(0, 10),
  endTime: hhmmOf(event.endtime, event.endDate),
  description: event.description,
});

/** A new start date moves an empty or earlier end date along with it. */
export function withStartDate(values: EventFormValues, startDate: string): EventFormValues {
  const endDate = !values.endDate || (isIsoDate(startDate) && values.endDate < startDate) ? startDate : values.endDate;
  return { ...values, startDate, endDate };
}

/** The client's checks, in the spec's words; an empty object when the form may be sent. */
export function eventFormErrors(values: EventFormValues): Partial<Record<EventFormField, string>> {
  const errors: Partial<Record<EventFormField, string>> = {};
  if (!values.eventName.trim()) errors.eventName = EVENT_MESSAGES.nameRequired;
  if (!isIsoDate(values.startDate)) errors.startDate = EVENT_MESSAGES.startDateRequired;
  const start = isIsoDate(values.startDate) ? combineDayAndTime(values.startDate, values.startTime) : null;
  if (isIsoDate(values.startDate) && !start) errors.startTime = EVENT_MESSAGES.startTimeRequired;
  // No end date: the event ends on its start date.
  const endDay = isIsoDate(values.endDate) ? values.endDate : isIsoDate(values.startDate) ? values.startDate : null;
  const end = endDay ? combineDayAndTime(endDay, values.endTime) : null;
  if (!values.endTime.trim() || (endDay && !end)) errors.endTime = EVENT_MESSAGES.endTimeRequired;
  if (start && end && end < start) errors.endDate = EVENT_MESSAGES.endBeforeStart;
  return errors;
}

/** The body of add-event / update-event, or null while the form does not pass its checks. */
export function toEventBody(values: EventFormValues, id?: number): CalendarEventBody | null {
  if (Object.keys(eventFormErrors(values)).length > 0) return null;
  const endDay = isIsoDate(values.endDate) ? values.endDate : values.startDate;
  const startDate = combineDayAndTime(values.startDate, values.startTime);
  const endDate = combineDayAndTime(endDay, values.endTime);
  if (!startDate || !endDate) return null;
  return {
    ...(id === undefined ? {} : { id }),
    employeeId: values.employee === TEAM_EVENT || values.employee === '' ? null : Number(values.employee),
    eventName: values.eventName.trim(),
    startDate,
    endDate,
    description: values.description.trim(),
  };
}

/** The server's per-field names of this form (its 400's `errors`). */
export const EVENT_SERVER_FIELDS = ['employeeId', 'eventName', 'startDate', 'endDate', 'description'] as const;

/**
 * Places the server's per-field messages on the form's fields: a missing time is said on
 * `startDate` / `endDate` by the server and shown under the time input here.
 */
export function eventFieldErrors(server: Record<string, string>): Partial<Record<EventFormField, string>> {
  const errors: Partial<Record<EventFormField, string>> = {};
  for (const [field, message] of Object.entries(server)) {
    if (field === 'employeeId') errors.employee = message;
    else if (field === 'startDate') errors[message === EVENT_MESSAGES.startTimeRequired ? 'startTime' : 'startDate'] = message;
    else if (field === 'endDate') errors[message === EVENT_MESSAGES.endTimeRequired ? 'endTime' : 'endDate'] = message;
    else if (field === 'eventName' || field === 'description') errors[field] = message;
  }
  return errors;
}
