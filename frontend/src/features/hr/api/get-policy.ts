import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { policyViewSchema, type PolicyView } from './schemas';

/** GET /policy/policy?id= -> one policy with its content (for the Edit Broadcast panel). */
export const getPolicy = (id: number): Promise<PolicyView> => api.get('/policy/policy', { query: { id }, schema: policyViewSchema });

export const policyQueryOptions = (id: number) => queryOptions({ queryKey: hrKeys.policy(id), queryFn: () => getPolicy(id) });

export const usePolicy = (id: number | null) => useQuery({ ...policyQueryOptions(id ?? 0), enabled: id !== null });
