import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { documentViewSchema, type DocumentView } from './schemas';

/** GET /manage/doc?id= -> one document of a folder. */
export const getDoc = (id: number): Promise<DocumentView> => api.get('/manage/doc', { query: { id }, schema: documentViewSchema });

export const docQueryOptions = (id: number) => queryOptions({ queryKey: hrKeys.doc(id), queryFn: () => getDoc(id) });

export const useDoc = (id: number | null) => useQuery({ ...docQueryOptions(id ?? 0), enabled: id !== null });
