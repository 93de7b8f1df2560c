import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { employeesQuery, type EmployeesParams } from '@/lib/employees';
import { employeeSchema } from './schemas';
import { manageKeys } from './keys';

/** Spec 001 §9: the employee list shows 30 a page. */
export const EMPLOYEES_PAGE_SIZE = 30;

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
    queryKey: manageKeys.employeeList(employeesQuery(params)),
    queryFn: () => api.get('/manage/employees', { query: employeesQuery(params), schema: employeeListSchema }),
    placeholderData: keepPreviousData,
  });

export const useEmployeeList = (params: EmployeesParams) => useQuery(employeeListQueryOptions(params));
