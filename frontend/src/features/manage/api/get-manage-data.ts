import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { jobRoleSchema } from './schemas';
import { manageKeys } from './keys';

/** Spec 000 §9: the company name when none is set. */
export const DEFAULT_COMPANY_NAME = 'My Company';

export const manageDataSchema = z.object({
  companyName: z.string().nullable().optional().transform((v) => v || DEFAULT_COMPANY_NAME),
  integratedWithAz: z.boolean().optional().transform((v) => v ?? false),
  /** Active job roles only. */
  jobRoles: z.array(jobRoleSchema),
  /** Active admins and managers: who a new employee may report to. */
  managers: z.array(z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() })),
  /** The company admin: the default manager of a new employee (spec 001 §6). */
  defaultManagerId: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type ManageData = z.output<typeof manageDataSchema>;

/** GET /manage/data: the company name, partner integration, job roles and managers. */
export const getManageData = (): Promise<ManageData> => api.get('/manage/data', { schema: manageDataSchema });

export const manageDataQueryOptions = () => queryOptions({ queryKey: manageKeys.data, queryFn: getManageData });

export const useManageData = () => useQuery(manageDataQueryOptions());
