import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { listParams, type ListQuery } from './list-query';
import { promotsPageSchema, type PromotsPage } from './schemas';

export const PROMOT_SORTS = ['code', 'createdAt'] as const;
export type PromotSort = (typeof PROMOT_SORTS)[number];

export interface PromotsQuery extends ListQuery<PromotSort> {
  q: string;
}

/** GET /system/promots?page&q&sort&order: promotion codes, 20 a page, newest first by default. */
export const getPromots = (query: PromotsQuery, signal?: AbortSignal): Promise<PromotsPage> =>
  api.get('/system/promots', { query: listParams(query, { q: query.q }), schema: promotsPageSchema, signal });

export const promotsQueryOptions = (query: PromotsQuery) =>
  queryOptions({ queryKey: systemKeys.promots(query), queryFn: ({ signal }) => getPromots(query, signal), placeholderData: keepPreviousData });

export const usePromots = (query: PromotsQuery) => useQuery(promotsQueryOptions(query));
