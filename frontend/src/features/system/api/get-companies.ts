import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { listParams, type ListQuery } from './list-query';
import { companiesPageSchema, type CompaniesPage, type CompanyStatus } from './schemas';

export const COMPANY_SORTS = ['name', 'createdAt', 'users'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export interface CompaniesQuery extends ListQuery<CompanySort> {
  /** The company's name or an admin's e-mail, any part of it. */
  name: string;
  status: CompanyStatus | '';
}

/** GET /system/companies?page&name&status&sort&order: 20 a page, newest first by default. */
export const getCompanies = (query: CompaniesQuery, signal?: AbortSignal): Promise<CompaniesPage> =>
  api.get('/system/companies', { query: listParams(query, { name: query.name, status: query.status }), schema: companiesPageSchema, signal });

export const companiesQueryOptions = (query: CompaniesQuery) =>
  queryOptions({ queryKey: systemKeys.companies(query), queryFn: ({ signal }) => getCompanies(query, signal), placeholderData: keepPreviousData });

export const useCompanies = (query: CompaniesQuery) => useQuery(companiesQueryOptions(query));
