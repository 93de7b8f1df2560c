import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const employeeSummarySchema = z.object({
  id: z.number().int(),
  firstname: z.string().nullable().optional().transform((v) => v ?? ''),
  lastname: z.string().nullable().optional().transform((v) => v ?? ''),
  email: z.string().nullable().optional().transform((v) => v ?? ''),
  avatar: z.string().nullable().optional().transform((v) => v ?? null),
  role: z.string().nullable().optional().transform((v) => v ?? null),
  permission: z.string().nullable().optional().transform((v) => v ?? null),
  status: z.number().int().nullable().optional().transform((v) => v ?? null),
  jobRoleId: z.number().int().nullable().optional().transform((v) => v ?? null),
  managerId: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type EmployeeSummary = z.output<typeof employeeSummarySchema>;

export const employeesSchema = z.object({
  employees: z.array(employeeSummarySchema),
  totalCount: z.number().int().optional().transform((v) => v ?? 0),
  page: z.number().int().optional().transform((v) => v ?? 1),
});
export type Employees = z.output<typeof employeesSchema>;

/** Sort by last name: 3 = Z-A, 4 = A-Z. */
export const EMPLOYEE_ORDER = { zToA: 3, aToZ: 4 } as const;
/** Employee status 1 = active (spec 000 §9). */
export const ACTIVE_EMPLOYEE = 1;

export interface EmployeesParams {
  q: string;
  page?: number;
  status?: number;
  order?: number;
}

/**
 * GET /manage/employees?page&status&order&q (30 a page): admins see the whole company, managers
 * their reports and themselves; employees are refused (403).
 */
export const getEmployees = ({ q, page = 1, status = ACTIVE_EMPLOYEE, order = EMPLOYEE_ORDER.aToZ }: EmployeesParams): Promise<Employees> =>
  api.get('/manage/employees', { query: { page, status, order, q: q.trim() }, schema: employeesSchema });

export const employeesQueryOptions = (params: EmployeesParams) =>
  queryOptions({
    queryKey: ['manage', 'employees', { page: 1, status: ACTIVE_EMPLOYEE, order: EMPLOYEE_ORDER.aToZ, ...params, q: params.q.trim() }],
    queryFn: () => getEmployees(params),
    placeholderData: keepPreviousData,
  });

export const useEmployees = (params: EmployeesParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...employeesQueryOptions(params), enabled });
