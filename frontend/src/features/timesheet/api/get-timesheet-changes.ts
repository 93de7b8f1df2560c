import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { timesheetKeys } from './keys';

export const timesheetChangeSchema = z.object({
  changeDate: z.string(),
  /** start, break, resume or end. */
  changeField: z.string(),
  originalValue: z.string().nullable().optional().transform((v) => v ?? null),
  changeValue: z.string().nullable().optional().transform((v) => v ?? null),
  firstname: z.string().nullable().optional().transform((v) => v ?? ''),
  lastname: z.string().nullable().optional().transform((v) => v ?? ''),
});
export type TimesheetChange = z.output<typeof timesheetChangeSchema>;

const changesSchema = z.object({ changes: z.array(timesheetChangeSchema) });

/** GET /timesheet/changes?ts=ID: the change history of a shift. */
export const getTimesheetChanges = (ts: number): Promise<TimesheetChange[]> =>
  api.get('/timesheet/changes', { query: { ts }, schema: changesSchema }).then((r) => r.changes);

export const timesheetChangesQueryOptions = (ts: number) =>
  queryOptions({ queryKey: timesheetKeys.changes(ts), queryFn: () => getTimesheetChanges(ts) });

export const useTimesheetChanges = (ts: number) => useQuery(timesheetChangesQueryOptions(ts));
