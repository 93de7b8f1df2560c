import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { timesheetKeys } from './keys';

export const timesheetCommentSchema = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  comment: z.string(),
  commentDate: z.string(),
  firstname: z.string().nullable().optional().transform((v) => v ?? ''),
  lastname: z.string().nullable().optional().transform((v) => v ?? ''),
  employeeId: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type TimesheetComment = z.output<typeof timesheetCommentSchema>;

const commentsSchema = z.object({ comments: z.array(timesheetCommentSchema) });

/** GET /timesheet/comments?ts=ID. */
export const getTimesheetComments = (ts: number): Promise<TimesheetComment[]> =>
  api.get('/timesheet/comments', { query: { ts }, schema: commentsSchema }).then((r) => r.comments);

export const timesheetCommentsQueryOptions = (ts: number) =>
  queryOptions({ queryKey: timesheetKeys.comments(ts), queryFn: () => getTimesheetComments(ts) });

export const useTimesheetComments = (ts: number) => useQuery(timesheetCommentsQueryOptions(ts));
