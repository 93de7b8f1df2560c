import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { companyAnswerSchema, type CompanyAnswer } from './schemas';

/** GET /system/company?id: the company, its admins and billing, and the first page of its charges. */
export const getCompany = (id: number, signal?: AbortSignal): Promise<CompanyAnswer> =>
  api.get('/system/company', { query: { id }, schema: companyAnswerSchema, signal });

export const companyQueryOptions = (id: number) => queryOptions({ queryKey: systemKeys.company(id), queryFn: ({ signal }) => getCompany(id, signal) });

export const useCompany = (id: number) => useQuery(companyQueryOptions(id));
