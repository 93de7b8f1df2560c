import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { docRequestViewSchema, type SortOption } from './schemas';

export const docRequestsSchema = z.object({ requests: z.array(docRequestViewSchema), count: z.number().int(), page: z.number().int() });
export type DocRequests = z.output<typeof docRequestsSchema>;

/**
 * 'Sort by' of the HR Doc Request tab: `employeeComments` (by the type of document asked for, the
 * original's name for it), `dueDate`, `-id` (newest first).
 */
export const REQUEST_SORTS: readonly SortOption[] = [
  { value: 'employeeComments', label: 'Type of document' },
  { value: 'dueDate', label: 'Due date' },
  { value: '-id', label: 'Newest' },
];

export interface DocRequestsParams {
  employeeId: number;
  page: number;
  sort: string;
}

/** GET /manage/doc-requests?id&page&sort -> a page (10) of the folder's document requests. */
export const getDocRequests = ({ employeeId, page, sort }: DocRequestsParams): Promise<DocRequests> =>
  api.get('/manage/doc-requests', { query: { id: employeeId, page, sort: sort || undefined }, schema: docRequestsSchema });

export const docRequestsQueryOptions = (params: DocRequestsParams) =>
  queryOptions({
    queryKey: hrKeys.folderRequests(params.employeeId, { page: params.page, sort: params.sort }),
    queryFn: () => getDocRequests(params),
    placeholderData: keepPreviousData,
  });

export const useDocRequests = (params: DocRequestsParams) => useQuery(docRequestsQueryOptions(params));
