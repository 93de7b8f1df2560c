import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { listParams, type ListQuery } from './list-query';
import { statsPageSchema, type StatsPage } from './schemas';

export const STAT_SORTS = ['name', 'createdAt', 'employees', 'activeUsers'] as const;
export type StatSort = (typeof STAT_SORTS)[number];

export interface StatsQuery extends ListQuery<StatSort> {
  name: string;
}

/** GET /system/stats?page&name&sort&order: companies' figures, 20 a page, and the 12 months' chart. */
export const getStats = (query: StatsQuery, signal?: AbortSignal): Promise<StatsPage> =>
  api.get('/system/stats', { query: listParams(query, { name: query.name }), schema: statsPageSchema, signal });

export const statsQueryOptions = (query: StatsQuery) =>
  queryOptions({ queryKey: systemKeys.stats(query), queryFn: ({ signal }) => getStats(query, signal), placeholderData: keepPreviousData });

export const useStats = (query: StatsQuery) => useQuery(statsQueryOptions(query));
