import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { editRequestSchema, type EditRequest } from './schemas';
import { timesheetKeys } from './keys';

/** A rejection needs a reason. */
export const rejectEditRequestSchema = z.object({ comment: requiredText('Please input the reason of the rejection') });
export type RejectEditRequestInput = z.infer<typeof rejectEditRequestSchema>;

/** POST /timesheet/edit-request-reject {reqId, comment} -> the request, status 2. */
export const rejectEditRequest = ({ reqId, comment }: { reqId: number; comment: string }): Promise<EditRequest> =>
  api.post('/timesheet/edit-request-reject', { reqId, comment: comment.trim() }, { schema: editRequestSchema });

export function useRejectEditRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectEditRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
