import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';

export const reminderAnswerSchema = z.object({
  sent: z.number().int(),
  changed: z.boolean(),
  message: z.string().optional().transform((v) => v ?? ''),
});
export type ReminderAnswer = z.output<typeof reminderAnswerSchema>;

/**
 * POST /policy/workflow-reminder {id} -> {sent, changed, message}: mails everyone who has not
 * answered; within an hour of the last one nothing is sent (changed: false). Only an active
 * publication with someone pending (else 409).
 */
export const sendWorkflowReminder = (id: number): Promise<ReminderAnswer> =>
  api.post('/policy/workflow-reminder', { id }, { schema: reminderAnswerSchema });

export function useSendWorkflowReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWorkflowReminder,
    onSettled: (_answer, _error, id) => queryClient.invalidateQueries({ queryKey: hrKeys.workflow(id) }),
  });
}
