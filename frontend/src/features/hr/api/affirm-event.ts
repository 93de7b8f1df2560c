import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';

/** Spec 000 §4: the box that enables the Acknowledge button. */
export const ACKNOWLEDGE_STATEMENT = 'I have fully reviewed and understand the policy.';

export const affirmAnswerSchema = z.object({
  changed: z.boolean(),
  acknowledgedAt: z.string().nullable().optional().transform((v) => v ?? null),
  message: z.string().optional().transform((v) => v ?? ''),
});
export type AffirmAnswer = z.output<typeof affirmAnswerSchema>;

/** POST /profile/affirm-event {id}: once; a repeat answers changed: false. */
export const affirmEvent = (id: number): Promise<AffirmAnswer> => api.post('/profile/affirm-event', { id }, { schema: affirmAnswerSchema });

/** On success the tasks, the lists and the event's detail of My HR are asked again. */
export function useAffirmEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: affirmEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrKeys.mine }),
  });
}
