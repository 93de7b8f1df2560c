import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { editRequestSchema, type EditRequest } from './schemas';
import { timesheetKeys } from './keys';

const requestsSchema = z.object({ requests: z.array(editRequestSchema) });

/** GET /timesheet/requests?ts=ID: the edit requests of a shift, newest first. */
export const getEditRequests = (ts: number): Promise<EditRequest[]> =>
  api.get('/timesheet/requests', { query: { ts }, schema: requestsSchema }).then((r) => r.requests);

export const editRequestsQueryOptions = (ts: number) =>
  queryOptions({ queryKey: timesheetKeys.requests(ts), queryFn: () => getEditRequests(ts) });

export const useEditRequests = (ts: number) => useQuery(editRequestsQueryOptions(ts));
