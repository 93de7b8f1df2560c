import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timesheetKeys } from './keys';

/** Spec 000 §8: the confirmation before deleting a shift. */
export const DELETE_TIMESHEET_CONFIRMATION = 'Are you sure to delete the timesheet? Once it is deleted, it can NOT be undone.';

/** POST /timesheet/remove?ts=ID -> 204 (admins only). */
export const removeTimesheet = (ts: number): Promise<void> => api.request('/timesheet/remove', { method: 'POST', query: { ts } });

export function useRemoveTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTimesheet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
