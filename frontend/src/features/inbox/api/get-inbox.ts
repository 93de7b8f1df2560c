import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inboxDataSchema, type InboxData } from './schemas';
import { inboxKeys } from './keys';

/** Each section shows `page * 10` rows, newest first; 'Show More' asks for the next page. */
export const INBOX_PAGE_SIZE = 10;

export interface InboxParams {
  page: number;
  /** Filters the responded list; null: everyone. */
  employeeId: number | null;
  /** Terminated people in the filter's list. */
  includesTerminated: boolean;
}

/** GET /inbox/data?page&employeeId&includesTerminated (admins and managers; managers see their reach). */
export const getInbox = ({ page, employeeId, includesTerminated }: InboxParams): Promise<InboxData> =>
  api.get('/inbox/data', {
    query: { page, employeeId: employeeId ?? undefined, includesTerminated: includesTerminated ? 1 : 0 },
    schema: inboxDataSchema,
  });

export const inboxQueryOptions = (params: InboxParams) =>
  queryOptions({
    queryKey: inboxKeys.data(params),
    queryFn: () => getInbox(params),
    // 'Show More' and the filter keep the list on screen while the next answer loads.
    placeholderData: keepPreviousData,
  });

export const useInbox = (params: InboxParams) => useQuery(inboxQueryOptions(params));
