import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { myPolicySchema } from './schemas';

export const myPoliciesSchema = z.object({ policies: z.array(myPolicySchema), count: z.number().int(), page: z.number().int() });
export type MyPolicies = z.output<typeof myPoliciesSchema>;

/** GET /profile/hr-policies-and-procedures?page= -> a page (10) of the policies sent to the signed-in person. */
export const getMyPolicies = (page: number): Promise<MyPolicies> =>
  api.get('/profile/hr-policies-and-procedures', { query: { page }, schema: myPoliciesSchema });

export const myPoliciesQueryOptions = (page: number) =>
  queryOptions({ queryKey: hrKeys.myPolicies(page), queryFn: () => getMyPolicies(page), placeholderData: keepPreviousData });

export const useMyPolicies = (page: number) => useQuery(myPoliciesQueryOptions(page));
