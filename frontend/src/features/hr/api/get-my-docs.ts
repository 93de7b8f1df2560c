import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { documentViewSchema } from './schemas';

export const myDocsSchema = z.object({ docs: z.array(documentViewSchema), count: z.number().int(), page: z.number().int() });
export type MyDocs = z.output<typeof myDocsSchema>;

/** GET /profile/my-docs?page= -> a page (10) of the signed-in person's documents. */
export const getMyDocs = (page: number): Promise<MyDocs> => api.get('/profile/my-docs', { query: { page }, schema: myDocsSchema });

export const myDocsQueryOptions = (page: number) =>
  queryOptions({ queryKey: hrKeys.myDocs(page), queryFn: () => getMyDocs(page), placeholderData: keepPreviousData });

export const useMyDocs = (page: number) => useQuery(myDocsQueryOptions(page));
