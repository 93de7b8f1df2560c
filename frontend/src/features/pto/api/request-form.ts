import type { PtoRequest, TimeOffRequestBody } from './requests';

/**
 * The 'Request Time Off' form (spec 000 §5 "PTO request") as plain data: its values, the client's
 * messages and live warnings, and the body the server expects.
 */

/** Spec 000 §5 texts, word for word. */
export const REQUEST_MESSAGES = {
  typeRequired: 'Please select the Time Off Type',
  startRequired: 'Please input the Start date',
  startTimeRequired: 'Please input the Start time',
  endTimeRequired: 'Please input the end time',
  endBeforeStart: 'Oh snap! The end date is prior to the start date. Please update and submit.',
  endTimeBeforeStart: 'Oh snap! The end time is prior to the start time. Please update and submit.',
  partialTooLong: 'The partial day off request must be less than 8 hours',
  notPartial: "Oh Snap! This isn't a partial day off request. Please uncheck and submit.",
  checkEndTime: 'Hold Up! Double check your End Time.',
  pastStart: 'Hold up! Double check the dates before you submit.',
  submitted: 'Woohoo! Your request has been submitted.',
} as const;

/** Spec 000 §9: a partial day is under 480 minutes; the form starts at 9:00 to 11:00. */
export const PARTIAL_DAY_LIMIT = 480;
export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_END_TIME = '11:00';

export interface RequestFormValues {
  /** The type's id as the select holds it; '' when none is chosen. */
  ptoType: string;
  partialday: boolean;
  /** 'YYYY-MM-DD'. */
  start: string;
  end: string;
  /** 'HH:mm' (partial days). */
  starttime: string;
  endtime: string;
  includeWeekend: boolean;
  reason: string;
}

/** The fields a server error may name that the form shows in place. */
export const REQUEST_FIELDS = ['ptoType', 'start', 'end', 'starttime', 'endtime', 'reason', 'balance'] as const;

export const emptyRequestForm = (): RequestFormValues => ({
  ptoType: '',
  partialday: false,
  start: '',
  end: '',
  starttime: DEFAULT_START_TIME,
  endtime: DEFAULT_END_TIME,
  includeWeekend: false,
  reason: '',
});

/** The form filled in with a pending request, to edit it. */
export const formFromRequest = (request: PtoRequest): RequestFormValues => ({
  ptoType: String(request.ptoType),
  partialday: request.partialday,
  start: request.startDate,
  end: request.partialday ? request.startDate : request.endDate,
  starttime: request.starttime ?? (request.partialday ? request.start.slice(11, 16) : DEFAULT_START_TIME),
  endtime: request.endtime ?? (request.partialday ? request.end.slice(11, 16) : DEFAULT_END_TIME),
  includeWeekend: request.includeWeekend,
  reason: request.reason,
});

/** 'HH:mm' (or 'HH:mm:ss') -> minutes after midnight; null when it is not a time. */
export function minutesOfDay(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h > 23 || m > 59 ? null : h * 60 + m;
}

const hhmm = (time: string): string => {
  const minutes = minutesOfDay(time) ?? 0;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** The minutes between the start and end time of a partial day; null while a time is missing. */
export function partialMinutes(values: Pick<RequestFormValues, 'starttime' | 'endtime'>): number | null {
  const from = minutesOfDay(values.starttime);
  const to = minutesOfDay(values.endtime);
  return from === null || to === null ? null : to - from;
}

/** Choosing 'Partial Day' sets the end date to the start date (and the form locks it); default times 9:00 to 11:00. */
export function withPartialDay(values: RequestFormValues, partialday: boolean): RequestFormValues {
  if (!partialday) return { ...values, partialday };
  return {
    ...values,
    partialday,
    end: values.start,
    starttime: values.starttime || DEFAULT_START_TIME,
    endtime: values.endtime || DEFAULT_END_TIME,
  };
}

/** A new start date; a partial day's end follows it, and so does an empty end date. */
export function withStart(values: RequestFormValues, start: string): RequestFormValues {
  return { ...values, start, end: values.partialday || !values.end ? start : values.end };
}

/** The client's messages by field (spec 000 §5); empty when the form may be checked and sent. */
export function requestFormErrors(values: RequestFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.ptoType) errors.ptoType = REQUEST_MESSAGES.typeRequired;
  if (!values.start) errors.start = REQUEST_MESSAGES.startRequired;
  if (values.partialday) {
    const from = minutesOfDay(values.starttime);
    const to = minutesOfDay(values.endtime);
    if (from === null) errors.starttime = REQUEST_MESSAGES.startTimeRequired;
    if (to === null) errors.endtime = REQUEST_MESSAGES.endTimeRequired;
    else if (from !== null && to < from) errors.endtime = REQUEST_MESSAGES.endTimeBeforeStart;
    else if (from !== null && to - from > PARTIAL_DAY_LIMIT) errors.endtime = REQUEST_MESSAGES.partialTooLong;
  } else if (values.start && values.end && values.end < values.start) {
    errors.end = REQUEST_MESSAGES.endBeforeStart;
  }
  return errors;
}

/** The live warnings (they do not stop the request): not really a partial day, a zero-length one, a start in the past. */
export function requestFormWarnings(values: RequestFormValues, today: string): string[] {
  const warnings: string[] = [];
  if (values.partialday) {
    const minutes = partialMinutes(values);
    if (minutes !== null && minutes >= PARTIAL_DAY_LIMIT) warnings.push(REQUEST_MESSAGES.notPartial);
    if (minutes === 0) warnings.push(REQUEST_MESSAGES.checkEndTime);
  }
  if (values.start && today && values.start < today) warnings.push(REQUEST_MESSAGES.pastStart);
  return warnings;
}

/**
 * The body of POST /pto/request and /pto/validate-balance, or null while the form has errors.
 * Full days run from 00:00:00 of the start to 23:59:59 of the end (allday 1); a partial day is the
 * start date with its times (allday 0), all as 'YYYY-MM-DD HH:mm:ss'.
 */
export function toRequestBody(
  values: RequestFormValues,
  { id, employeeId }: { id?: number | undefined; employeeId?: number | undefined } = {},
): TimeOffRequestBody | null {
  if (Object.keys(requestFormErrors(values)).length > 0) return null;
  const body: TimeOffRequestBody = {
    ptoType: Number(values.ptoType),
    partialday: values.partialday,
    allday: values.partialday ? 0 : 1,
    includeWeekend: values.includeWeekend,
    start: '',
    end: '',
    reason: values.reason.trim(),
  };
  if (values.partialday) {
    const starttime = hhmm(values.starttime);
    const endtime = hhmm(values.endtime);
    body.start = `${values.start} ${starttime}:00`;
    body.end = `${values.start} ${endtime}:00`;
    body.starttime = starttime;
    body.endtime = endtime;
  } else {
    body.start = `${values.start} 00:00:00`;
    body.end = `${values.end || values.start} 23:59:59`;
  }
  const withIds: TimeOffRequestBody = { ...(id === undefined ? {} : { id }), ...(employeeId === undefined ? {} : { employeeId }), ...body };
  return withIds;
}
