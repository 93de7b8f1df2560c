import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { documentViewSchema, type SortOption } from './schemas';

export const userDocsSchema = z.object({ docs: z.array(documentViewSchema), count: z.number().int(), page: z.number().int() });
export type UserDocs = z.output<typeof userDocsSchema>;

/** 'Sort by' of the HR Documents tab: the server's keys `docName`, `docTypeId`, `-id` (newest first). */
export const DOCUMENT_SORTS: readonly SortOption[] = [
  { value: 'docName', label: 'Name' },
  { value: 'docTypeId', label: 'Type' },
  { value: '-id', label: 'Newest' },
];

export interface UserDocsParams {
  employeeId: number;
  page: number;
  docTypeId: number | null;
  sort: string;
}

/** GET /manage/user-docs?id&page&docTypeId&sort -> a page (10) of the folder's documents. */
export const getUserDocs = ({ employeeId, page, docTypeId, sort }: UserDocsParams): Promise<UserDocs> =>
  api.get('/manage/user-docs', { query: { id: employeeId, page, docTypeId, sort: sort || undefined }, schema: userDocsSchema });

export const userDocsQueryOptions = (params: UserDocsParams) =>
  queryOptions({
    queryKey: hrKeys.folderDocs(params.employeeId, { page: params.page, docTypeId: params.docTypeId, sort: params.sort }),
    queryFn: () => getUserDocs(params),
    placeholderData: keepPreviousData,
  });

export const useUserDocs = (params: UserDocsParams) => useQuery(userDocsQueryOptions(params));
