import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { messageSchema } from './schemas';

/** 002 §8. */
export const DELETE_POLICY_QUESTION = "Once you remove this Broadcast it's gone forever.";

/** POST /policy/delete {id} -> { message }: gone from the lists; its open publications are cancelled, answers kept. */
export const deletePolicy = (id: number): Promise<{ message: string }> => api.post('/policy/delete', { id }, { schema: messageSchema });

export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePolicy,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: hrKeys.policy(id) });
      await queryClient.invalidateQueries({ queryKey: hrKeys.policies });
    },
  });
}
