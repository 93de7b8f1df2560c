import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';
import { chargesPageSchema, type ChargesPage } from './schemas';

/** The server's page size of past payments. */
export const CHARGES_PAGE_SIZE = 10;

/** Number of pages of `count` charges (at least 1). */
export const chargePageCount = (count: number): number => Math.max(1, Math.ceil(count / CHARGES_PAGE_SIZE));

/** GET /myaccount/charges?page= (1-based): ten a page, newest first; a page past the end is empty. */
export const getCharges = (page: number, signal?: AbortSignal): Promise<ChargesPage> =>
  api.get('/myaccount/charges', { query: { page }, schema: chargesPageSchema, signal });

export const chargesQueryOptions = (page: number) =>
  queryOptions({ queryKey: billingKeys.charges(page), queryFn: ({ signal }) => getCharges(page, signal), placeholderData: keepPreviousData });

export const useCharges = (page: number, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...chargesQueryOptions(page), enabled });
