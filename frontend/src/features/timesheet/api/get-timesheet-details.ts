import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { entrySchema, type Entry } from './schemas';
import { timesheetKeys } from './keys';

/** GET /timesheet/details?ts=ID: one shift. */
export const getTimesheetDetails = (ts: number): Promise<Entry> => api.get('/timesheet/details', { query: { ts }, schema: entrySchema });

export const timesheetDetailsQueryOptions = (ts: number) =>
  queryOptions({ queryKey: timesheetKeys.details(ts), queryFn: () => getTimesheetDetails(ts) });

export const useTimesheetDetails = (ts: number) => useQuery(timesheetDetailsQueryOptions(ts));
