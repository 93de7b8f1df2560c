import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { policyViewSchema, type PolicyView } from './schemas';

/** POST /policy/remove-doc {id} -> the policy without its document (a new version: answers given keep theirs). */
export const removePolicyDoc = (id: number): Promise<PolicyView> => api.post('/policy/remove-doc', { id }, { schema: policyViewSchema });

export function useRemovePolicyDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePolicyDoc,
    onSuccess: async (policy) => {
      queryClient.setQueryData(hrKeys.policy(policy.id), policy);
      await queryClient.invalidateQueries({ queryKey: hrKeys.policies, predicate: (q) => q.queryKey[2] === 'list' });
    },
  });
}
