import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { timesheetCommentSchema, type TimesheetComment } from './get-timesheet-comments';
import { timesheetKeys } from './keys';

/** Spec 000 §5: empty after trimming gives 'Please input the Comment content'. */
export const addCommentSchema = z.object({ comment: requiredText('Please input the Comment content') });
export type AddCommentInput = z.infer<typeof addCommentSchema>;

/** POST /timesheet/add-comment {entryId, comment} -> 201 the comment. */
export const addTimesheetComment = (entryId: number, comment: string): Promise<TimesheetComment> =>
  api.post('/timesheet/add-comment', { entryId, comment: comment.trim() }, { schema: timesheetCommentSchema });

export function useAddTimesheetComment(entryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => addTimesheetComment(entryId, comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.comments(entryId) }),
  });
}
