import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

/**
 * The people in the caller's reach (GET /manage/employees), as the pickers list them: the shell's
 * search, the employee picker, and the PTO plan and set-up docks.
 */

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
export const ACTIVE_EMPLOYEE = 1;

export interface EmployeesParams {
  q: string;
  page?: number;
  status?: number;
  order?: number;
  jobroleId?: number | null;
}

/** The query string of GET /manage/employees, defaults filled in. */
export const employeesQuery = ({ q, page = 1, status = ACTIVE_EMPLOYEE, order = EMPLOYEE_ORDER.aToZ, jobroleId = null }: EmployeesParams) => ({
  page,
  status,
  order,
  jobroleId,
  q: q.trim(),
});

/** Keys of the employee lists; every write of an employee invalidates `all`. */
export const employeesKeys = {
  all: ['manage', 'employees'] as const,
  summaries: (query: ReturnType<typeof employeesQuery>) => ['manage', 'employees', query] as const,
};

/**
 * GET /manage/employees?page&status&jobroleId&order&q (30 a page): admins see the whole company,
 * managers their reports and themselves; employees are refused (403).
 */
export const getEmployees = (params: EmployeesParams): Promise<Employees> =>
  api.get('/manage/employees', { query: employeesQuery(params), schema: employeesSchema });

export const employeesQueryOptions = (params: EmployeesParams) =>
  queryOptions({
    queryKey: employeesKeys.summaries(employeesQuery(params)),
    queryFn: () => getEmployees(params),
    placeholderData: keepPreviousData,
  });

export const useEmployees = (params: EmployeesParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...employeesQueryOptions(params), enabled });
