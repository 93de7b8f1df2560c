import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { entrySchema, type Entry } from './schemas';
import { timesheetKeys } from './keys';

/** POST /timesheet/edit-request-approve {reqId} -> the changed shift (admins; managers for their reports). */
export const approveEditRequest = (reqId: number): Promise<Entry> =>
  api.post('/timesheet/edit-request-approve', { reqId }, { schema: entrySchema });

export function useApproveEditRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveEditRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
