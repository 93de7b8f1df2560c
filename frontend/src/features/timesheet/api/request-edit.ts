import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { combineDayAndTime, keepOriginalSeconds, toLocalDateTime } from '@/lib/company-time';
import { BREAK_OPERATIONS, CHANGE_TYPES, editRequestSchema, type BreakOperation, type ChangeType, type EditRequest, type Entry } from './schemas';
import { timesheetKeys } from './keys';

export const CLOCK_IN_REQUIRED = 'Please input the Clock in';
export const CLOCK_OUT_REQUIRED = 'Please input the Clock out';
export const REASON_REQUIRED = 'Please input the Reason';
export const CHANGE_TYPE_REQUIRED = 'Please choose what to change';

/** A break in a form: two times of day ('HH:mm' or 'HH:mm:ss'); they take the shift's date. */
export interface BreakRow {
  from: string;
  to: string;
}

/**
 * The 'Request Timesheet Edit' form (spec 000 §5): changing clock-in requires the clock in,
 * changing clock-out the clock out, both for both; a reason is entered.
 */
export const requestEditFormSchema = z
  .object({
    changeType: z.union([z.enum(CHANGE_TYPES), z.literal('')]),
    start: z.string(),
    end: z.string(),
    boptype: z.enum(BREAK_OPERATIONS),
    breaks: z.array(z.object({ from: z.string(), to: z.string() })),
    comment: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.changeType) ctx.addIssue({ code: 'custom', path: ['changeType'], message: CHANGE_TYPE_REQUIRED });
    const changesIn = values.changeType === 'in' || values.changeType === 'inout';
    const changesOut = values.changeType === 'out' || values.changeType === 'inout';
    if (changesIn && !values.start.trim()) ctx.addIssue({ code: 'custom', path: ['start'], message: CLOCK_IN_REQUIRED });
    if (changesOut && !values.end.trim()) ctx.addIssue({ code: 'custom', path: ['end'], message: CLOCK_OUT_REQUIRED });
    if (!values.comment.trim()) ctx.addIssue({ code: 'custom', path: ['comment'], message: REASON_REQUIRED });
  });
export type RequestEditValues = z.infer<typeof requestEditFormSchema>;

/** The body of POST /timesheet/edit-request; times are 'YYYY-MM-DD HH:mm:ss' on the company clock. */
export interface EditRequestBody {
  trackingNumber: number;
  comment: string;
  changeType: ChangeType;
  start?: string;
  end?: string;
  boptype: BreakOperation;
  breaks: [string | null, string | null][];
}

/** The shift's own times as 'YYYY-MM-DD HH:mm:ss' on the company clock (see keepOriginalSeconds). */
export function entryLocalTimes(entry: Pick<Entry, 'start' | 'end' | 'breaks'>, timeZone: string): string[] {
  const instants = [entry.start, entry.end, ...entry.breaks.flatMap((b) => [b.from, b.to])];
  return instants.filter((i): i is string => !!i).map((i) => toLocalDateTime(i, timeZone));
}

/** Form times ('HH:mm') on the shift's day; an unchanged minute keeps the shift's own seconds. */
export function breaksOnDay(day: string, breaks: readonly BreakRow[], originals: readonly string[] = []): [string | null, string | null][] {
  return breaks.map((b) => [
    keepOriginalSeconds(combineDayAndTime(day, b.from), originals),
    keepOriginalSeconds(combineDayAndTime(day, b.to), originals),
  ]);
}

export function toEditRequestBody(
  values: RequestEditValues,
  entry: Pick<Entry, 'id' | 'trackingNumber' | 'day'>,
  originals: readonly string[] = [],
): EditRequestBody {
  const changeType = values.changeType || 'inout';
  const body: EditRequestBody = {
    trackingNumber: entry.trackingNumber ?? entry.id,
    comment: values.comment.trim(),
    changeType,
    boptype: values.boptype,
    breaks: values.boptype === 'REPLACE' ? breaksOnDay(entry.day, values.breaks, originals) : [],
  };
  const at = (time: string) => keepOriginalSeconds(combineDayAndTime(entry.day, time), originals) ?? undefined;
  if (changeType !== 'out') body.start = at(values.start);
  if (changeType !== 'in') body.end = at(values.end);
  return body;
}

/** POST /timesheet/edit-request -> 201 the raised request. */
export const requestEdit = (body: EditRequestBody): Promise<EditRequest> =>
  api.post('/timesheet/edit-request', body, { schema: editRequestSchema });

export function useRequestEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEdit,
    // The row turns 'Pending Approval' and the panel shows the raised request.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
