import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { jobRoleSchema } from './get-policies';
import { hrTypeSchema } from './get-hr-types';
import { hrKeys } from './keys';

export const refEmployeeSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  jobroleId: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type RefEmployee = z.output<typeof refEmployeeSchema>;

/** The pickers' lists: active job roles and types, and the active people in the caller's reach. */
export const adminRefdataSchema = z.object({
  jobroles: z.array(jobRoleSchema),
  policytypes: z.array(hrTypeSchema),
  eventtypes: z.array(hrTypeSchema),
  doctypes: z.array(hrTypeSchema),
  employees: z.array(refEmployeeSchema),
});
export type AdminRefdata = z.output<typeof adminRefdataSchema>;

/** GET /refdata/admin (managers and admins). */
export const getAdminRefdata = (): Promise<AdminRefdata> => api.get('/refdata/admin', { schema: adminRefdataSchema });

export const adminRefdataQueryOptions = () => queryOptions({ queryKey: hrKeys.refdata, queryFn: getAdminRefdata });

export const useAdminRefdata = () => useQuery(adminRefdataQueryOptions());
