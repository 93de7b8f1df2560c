import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';

/** Spec 001 §5: the reason must not be blank after trimming (the timesheet panel's wording). */
export const rejectFormSchema = z.object({ comment: requiredText('Please input the reason of the rejection') });
export type RejectFormValues = z.infer<typeof rejectFormSchema>;

/** Both calls answer with the changed row (the shift, or the request); the inbox reloads instead. */
const respondedSchema = z.object({ id: z.number().int() });

/** POST /timesheet/edit-request-approve {reqId}. */
export const approveRequest = (reqId: number) => api.post('/timesheet/edit-request-approve', { reqId }, { schema: respondedSchema });

/** POST /timesheet/edit-request-reject {reqId, comment}. */
export const rejectRequest = ({ reqId, comment }: { reqId: number; comment: string }) =>
  api.post('/timesheet/edit-request-reject', { reqId, comment: comment.trim() }, { schema: respondedSchema });

/** A response changes the inbox, the dashboard (its pending card and the shell's bell) and the timesheets. */
function refreshAfterResponse(queryClient: QueryClient) {
  return Promise.all([['inbox'], ['dashboard'], ['timesheet']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveRequest, onSuccess: () => refreshAfterResponse(queryClient) });
}

export function useRejectRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectRequest, onSuccess: () => refreshAfterResponse(queryClient) });
}
