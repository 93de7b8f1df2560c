import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { periodReviewSchema } from './get-team-timesheet';
import { entrySchema } from './schemas';
import { timesheetKeys } from './keys';

export const timesheetListSchema = z.object({
  entries: z.array(entrySchema),
  totalCount: z.number().int().optional().transform((v) => v ?? 0),
  employee: z.object({
    id: z.number().int(),
    firstname: z.string().nullable().optional().transform((v) => v ?? ''),
    lastname: z.string().nullable().optional().transform((v) => v ?? ''),
    avatar: z.string().nullable().optional().transform((v) => v ?? null),
    currentClockStatus: z.number().int().nullable().optional().transform((v) => v ?? null),
  }),
  /** A manager's approvals of the person's periods that overlap the range. */
  reviews: z.array(periodReviewSchema).optional().transform((v) => v ?? []),
});
export type TimesheetList = z.output<typeof timesheetListSchema>;

export interface TimesheetListParams {
  start: string;
  end: string;
  /** Null: the signed-in person. */
  employeeId: number | null;
}

/** GET /timesheet/list?start&end&employeeId: the shifts of one person in a date range. */
export const getTimesheetList = ({ start, end, employeeId }: TimesheetListParams): Promise<TimesheetList> =>
  api.get('/timesheet/list', { query: { start, end, employeeId: employeeId ?? undefined }, schema: timesheetListSchema });

export const timesheetListQueryOptions = (params: TimesheetListParams) =>
  queryOptions({
    queryKey: timesheetKeys.list(params),
    queryFn: () => getTimesheetList(params),
  });

export const useTimesheetList = (params: TimesheetListParams) => useQuery(timesheetListQueryOptions(params));
