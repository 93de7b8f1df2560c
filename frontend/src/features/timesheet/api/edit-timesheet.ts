import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { combineDayAndTime, keepOriginalSeconds } from '@/lib/company-time';
import { breaksOnDay, CLOCK_IN_REQUIRED, type BreakRow } from './request-edit';
import { entrySchema, type Entry } from './schemas';
import { timesheetKeys } from './keys';

/**
 * The 'Edit Timesheet' (admin 'Edit Now') and 'Add Shift' form (spec 000 §5): the clock in is a
 * date and a time and is required; the clock out and the breaks are times of day that take the
 * clock in's date ("all times are converted to the same day as the start date"). A shift that
 * runs past midnight therefore cannot be entered here; the server answers 'The clock out must be
 * after the clock in', which lands on the clock-out field.
 */
export const editTimesheetFormSchema = z
  .object({
    /** 'YYYY-MM-DD' of the clock in. */
    date: z.string(),
    /** Time of day of the clock in. */
    start: z.string(),
    end: z.string(),
    breaks: z.array(z.object({ from: z.string(), to: z.string() })),
  })
  .superRefine((values, ctx) => {
    if (!values.date.trim() || !values.start.trim()) ctx.addIssue({ code: 'custom', path: ['start'], message: CLOCK_IN_REQUIRED });
  });
export type EditTimesheetValues = z.infer<typeof editTimesheetFormSchema>;

/** POST /timesheet/edit: with a trackingNumber it edits that shift, without it adds one. */
export interface EditTimesheetBody {
  trackingNumber?: number;
  employeeId: number;
  start: string;
  end?: string;
  breaks: [string | null, string | null][];
}

/** `originals`: the edited shift's own times (entryLocalTimes), so unchanged minutes keep their seconds. */
export function toEditTimesheetBody(
  values: EditTimesheetValues,
  { employeeId, trackingNumber }: { employeeId: number; trackingNumber?: number },
  originals: readonly string[] = [],
): EditTimesheetBody {
  const day = values.date.trim();
  const body: EditTimesheetBody = {
    employeeId,
    start: keepOriginalSeconds(combineDayAndTime(day, values.start), originals) ?? '',
    breaks: breaksOnDay(day, values.breaks as BreakRow[], originals),
  };
  if (trackingNumber !== undefined) body.trackingNumber = trackingNumber;
  const end = keepOriginalSeconds(combineDayAndTime(day, values.end), originals);
  if (end) body.end = end;
  return body;
}

/** POST /timesheet/edit -> the edited (200) or added (201) shift. */
export const editTimesheet = (body: EditTimesheetBody): Promise<Entry> => api.post('/timesheet/edit', body, { schema: entrySchema });

export function useEditTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTimesheet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
