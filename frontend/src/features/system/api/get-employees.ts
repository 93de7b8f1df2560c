import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { listParams, type ListQuery } from './list-query';
import { employeesPageSchema, type EmployeesPage } from './schemas';

export const EMPLOYEE_SORTS = ['email', 'lastname', 'createdAt'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

export interface EmployeesQuery extends ListQuery<EmployeeSort> {
  /** The start of an e-mail address, a first name or a last name. */
  q: string;
  companyId: number | null;
}

/** GET /system/employees?page&q&companyId&sort&order: every user of every company, 20 a page. */
export const getSystemEmployees = (query: EmployeesQuery, signal?: AbortSignal): Promise<EmployeesPage> =>
  api.get('/system/employees', { query: listParams(query, { q: query.q, companyId: query.companyId }), schema: employeesPageSchema, signal });

export const systemEmployeesQueryOptions = (query: EmployeesQuery) =>
  queryOptions({ queryKey: systemKeys.employees(query), queryFn: ({ signal }) => getSystemEmployees(query, signal), placeholderData: keepPreviousData });

export const useSystemEmployees = (query: EmployeesQuery) => useQuery(systemEmployeesQueryOptions(query));
