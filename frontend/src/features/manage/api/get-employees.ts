import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { employeeSchema, STATUS_ACTIVE } from './schemas';

export const employeeSummarySchema = z.object({
  id: z.number().int(),
  firstname: z.string().nullable().optional().transform((v) => v ?? ''),
  lastname: z.string().nullable().optional().transform((v) => v ?? ''),
  email: z.string().nullable().optional().transform((v) => v ?? ''),
  avatar: z.string().nullable().optional().transform((v) => v ?? null),
  role: z.string().nullable().optional().transform((v) => v ?? null),
  permission: z.string().nullable().optional().transform((v) => v ?? null),
  status: z.number().int().nullable().optional().transform((v) => v ?? null),
  jobroleId: z.number().int().nullable().optional().transform((v) => v ?? null),
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
export const ACTIVE_EMPLOYEE = STATUS_ACTIVE;
/** Spec 001 §9: the employee list shows 30 a page. */
export const EMPLOYEES_PAGE_SIZE = 30;

export interface EmployeesParams {
  q: string;
  page?: number;
  status?: number;
  order?: number;
  jobroleId?: number | null;
}

const queryOf = ({ q, page = 1, status = ACTIVE_EMPLOYEE, order = EMPLOYEE_ORDER.aToZ, jobroleId = null }: EmployeesParams) => ({
  page,
  status,
  order,
  jobroleId,
  q: q.trim(),
});

/**
 * GET /manage/employees?page&status&jobroleId&order&q (30 a page): admins see the whole company,
 * managers their reports and themselves; employees are refused (403).
 */
export const getEmployees = (params: EmployeesParams): Promise<Employees> =>
  api.get('/manage/employees', { query: queryOf(params), schema: employeesSchema });

export const employeesQueryOptions = (params: EmployeesParams) =>
  queryOptions({
    queryKey: ['manage', 'employees', queryOf(params)],
    queryFn: () => getEmployees(params),
    placeholderData: keepPreviousData,
  });

export const useEmployees = (params: EmployeesParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...employeesQueryOptions(params), enabled });

/** 001 §9: a PTO-available value of -1000 means PTO is not set up. */
export const PTO_NOT_SET_UP = -1000;

/** A row of the HR-folder list: every field of the employee and the PTO column. */
export const listedEmployeeSchema = employeeSchema.extend({
  ptoPolicyId: z.number().int().nullable().optional().transform((v) => v ?? null),
  ptoPlanName: z.string().nullable().optional().transform((v) => v ?? null),
  /** Minutes; -1000 when PTO is not set up. */
  ptoAvailable: z.number().int().optional().transform((v) => v ?? PTO_NOT_SET_UP),
});
export type ListedEmployee = z.output<typeof listedEmployeeSchema>;

/** The HR-folder list reads every field of each employee. */
export const employeeListSchema = z.object({
  employees: z.array(listedEmployeeSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
});
export type EmployeeList = z.output<typeof employeeListSchema>;

export const employeeListQueryOptions = (params: EmployeesParams) =>
  queryOptions({
    queryKey: ['manage', 'employees', 'list', queryOf(params)],
    queryFn: () => api.get('/manage/employees', { query: queryOf(params), schema: employeeListSchema }),
    placeholderData: keepPreviousData,
  });

export const useEmployeeList = (params: EmployeesParams) => useQuery(employeeListQueryOptions(params));
