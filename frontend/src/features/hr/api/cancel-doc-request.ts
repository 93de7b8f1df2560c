import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { folderActivitiesKey, hrKeys } from './keys';
import { docRequestViewSchema } from './schemas';

/** Spec 001 §8. */
export const CANCEL_REQUEST_QUESTION = 'Are you sure to cancel this?';

export const cancelAnswerSchema = z.object({
  request: docRequestViewSchema,
  changed: z.boolean(),
  message: z.string().optional().transform((v) => v ?? ''),
});
export type CancelAnswer = z.output<typeof cancelAnswerSchema>;

/** POST /manage/cancel-doc-request {id} -> {request, changed, message}; a second time changed is false, a fulfilled one 409. */
export const cancelDocRequest = (id: number): Promise<CancelAnswer> => api.post('/manage/cancel-doc-request', { id }, { schema: cancelAnswerSchema });

export function useCancelDocRequest(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDocRequest,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.folder(employeeId) });
      await queryClient.invalidateQueries({ queryKey: folderActivitiesKey(employeeId) });
    },
  });
}
