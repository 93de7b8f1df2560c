import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { folderActivitiesKey, hrKeys } from './keys';
import { messageSchema } from './schemas';

/** POST /manage/delete-event {id} -> { message }. */
export const deleteEvent = (id: number): Promise<{ message: string }> => api.post('/manage/delete-event', { id }, { schema: messageSchema });

export function useDeleteEvent(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: hrKeys.event(id) });
      await queryClient.invalidateQueries({ queryKey: hrKeys.folder(employeeId) });
      await queryClient.invalidateQueries({ queryKey: folderActivitiesKey(employeeId) });
    },
  });
}
