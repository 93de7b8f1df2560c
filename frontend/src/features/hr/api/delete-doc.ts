import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { folderActivitiesKey, hrKeys } from './keys';
import { messageSchema } from './schemas';

/** POST /manage/delete-doc {id} -> { message }. */
export const deleteDoc = (id: number): Promise<{ message: string }> => api.post('/manage/delete-doc', { id }, { schema: messageSchema });

export function useDeleteDoc(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDoc,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: hrKeys.doc(id) });
      await queryClient.invalidateQueries({ queryKey: hrKeys.folder(employeeId) });
      await queryClient.invalidateQueries({ queryKey: folderActivitiesKey(employeeId) });
    },
  });
}
