import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { affirmAnswerSchema, type AffirmAnswer } from './affirm-event';
import { hrKeys } from './keys';

/** The contract's message when a decline comes without a reason. */
export const DECLINE_REASON_REQUIRED = 'Please tell us why';

export const declineFormSchema = z.object({ comments: requiredText(DECLINE_REASON_REQUIRED) });
export type DeclineFormValues = z.input<typeof declineFormSchema>;

export interface PolicyAnswer {
  /** The publication (workflow) answered. */
  id: number;
  decline: boolean;
  comments?: string;
}

/**
 * POST /profile/affirm-policy {id, decline?, comments?}: acknowledges, or declines with a reason.
 * Once only (a repeat: changed false); a stopped or cancelled publication: 409.
 */
export const affirmPolicy = ({ id, decline, comments }: PolicyAnswer): Promise<AffirmAnswer> =>
  api.post('/profile/affirm-policy', decline ? { id, decline: 1, comments: (comments ?? '').trim() } : { id }, { schema: affirmAnswerSchema });

/** On success the tasks and My HR's lists are asked again, and the broadcast lists (the counts changed). */
export function useAffirmPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: affirmPolicy,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.mine });
      await queryClient.invalidateQueries({ queryKey: hrKeys.policies });
    },
  });
}
