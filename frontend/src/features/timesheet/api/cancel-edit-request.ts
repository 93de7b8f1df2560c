import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { editRequestSchema, type EditRequest } from './schemas';
import { timesheetKeys } from './keys';

/** Spec 000 §8: the confirmation before cancelling a raised request. */
export const CANCEL_REQUEST_CONFIRMATION = "Are you sure you want cancel this request? This action can't be undone.";

/** POST /timesheet/edit-request-cancel?reqId=N (only the requester) -> the request, status 3. */
export const cancelEditRequest = (reqId: number): Promise<EditRequest> =>
  api.request('/timesheet/edit-request-cancel', { method: 'POST', query: { reqId }, schema: editRequestSchema });

export function useCancelEditRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEditRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
