import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { listParams, type ListQuery } from './list-query';
import { chargesPageSchema, type ChargeStatus, type SystemChargesPage } from './schemas';

export const CHARGE_SORTS = ['periodStart', 'total'] as const;
export type ChargeSort = (typeof CHARGE_SORTS)[number];

export interface ChargesQuery extends ListQuery<ChargeSort> {
  status: ChargeStatus | '';
}

/** The list as GET /system/company gives its first page: newest period first, every status. */
export const FIRST_CHARGES: ChargesQuery = { page: 1, sort: 'periodStart', order: 'desc', status: '' };

/** GET /system/charges?companyId&page&status&sort&order: a company's charges, 20 a page. */
export const getSystemCharges = (companyId: number, query: ChargesQuery, signal?: AbortSignal): Promise<SystemChargesPage> =>
  api.get('/system/charges', { query: { companyId, ...listParams(query, { status: query.status }) }, schema: chargesPageSchema, signal });

export const systemChargesQueryOptions = (companyId: number, query: ChargesQuery) =>
  queryOptions({
    queryKey: systemKeys.charges(companyId, query),
    queryFn: ({ signal }) => getSystemCharges(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The charges of a company. `first` is the first page the company's detail brought: it stands for
 * the default list until a write makes it stale, so opening a company asks once.
 */
export const useSystemCharges = (companyId: number, query: ChargesQuery, first?: SystemChargesPage) => {
  const isFirst = query.page === 1 && query.status === '' && query.sort === FIRST_CHARGES.sort && query.order === FIRST_CHARGES.order;
  return useQuery({ ...systemChargesQueryOptions(companyId, query), initialData: isFirst ? first : undefined });
};
