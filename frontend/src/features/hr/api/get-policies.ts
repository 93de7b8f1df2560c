import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrTypeSchema } from './get-hr-types';
import { hrKeys } from './keys';
import { policyViewSchema, type SortOption } from './schemas';

export const jobRoleSchema = z.object({ id: z.number().int(), name: z.string() });
export type JobRole = z.output<typeof jobRoleSchema>;

export const policiesSchema = z.object({
  /** Without their content. */
  policies: z.array(policyViewSchema),
  /** The active policy types. */
  policyTypes: z.array(hrTypeSchema),
  /** The active job roles. */
  jobroles: z.array(jobRoleSchema),
  policyCount: z.number().int(),
});
export type Policies = z.output<typeof policiesSchema>;

/**
 * 'Sort by' of the HR Broadcast History (002 §2, §9): the server's keys `title`, `typeName`,
 * `createDate`, `lastPublishDate` (the dates newest first).
 */
export const POLICY_SORTS: readonly SortOption[] = [
  { value: 'title', label: 'Title' },
  { value: 'typeName', label: 'Type' },
  { value: '-createDate', label: 'Create Date' },
  { value: '-lastPublishDate', label: 'Broadcast Date' },
];
export const DEFAULT_POLICY_SORT = '-createDate';

export interface PoliciesParams {
  page: number;
  sort: string;
  policyTypeId: number | null;
}

/** GET /policy/policies?page&sort&policyTypeId -> a page (10) of the company's policies (empty filters are left out). */
export const getPolicies = ({ page, sort, policyTypeId }: PoliciesParams): Promise<Policies> =>
  api.get('/policy/policies', { query: { page, sort: sort || undefined, policyTypeId }, schema: policiesSchema });

export const policiesQueryOptions = (params: PoliciesParams) =>
  queryOptions({
    queryKey: hrKeys.policyList({ page: params.page, sort: params.sort, policyTypeId: params.policyTypeId }),
    queryFn: () => getPolicies(params),
    placeholderData: keepPreviousData,
  });

export const usePolicies = (params: PoliciesParams) => useQuery(policiesQueryOptions(params));
