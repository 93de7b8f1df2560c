import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { promotCompaniesSchema, type PromotCompany } from './schemas';

/** GET /system/promot-companies?code: the companies that redeemed a code. */
export const getPromotCompanies = (code: string, signal?: AbortSignal): Promise<PromotCompany[]> =>
  api.get('/system/promot-companies', { query: { code }, schema: promotCompaniesSchema, signal }).then((answer) => answer.companies);

export const promotCompaniesQueryOptions = (code: string) =>
  queryOptions({ queryKey: systemKeys.promotCompanies(code), queryFn: ({ signal }) => getPromotCompanies(code, signal) });

export const usePromotCompanies = (code: string) => useQuery(promotCompaniesQueryOptions(code));
