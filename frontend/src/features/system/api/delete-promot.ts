import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { deletedSchema } from './schemas';

/** POST /system/delete-promot {id}; 409 while companies use the code. */
export const deletePromot = (id: number): Promise<boolean> => api.post('/system/delete-promot', { id }, { schema: deletedSchema }).then((answer) => answer.deleted);

export function useDeletePromot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromot,
    onSuccess: () => Promise.all([systemKeys.promots(), systemKeys.audit()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
