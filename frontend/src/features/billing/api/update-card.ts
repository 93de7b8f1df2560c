import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfterBillingChange } from './refresh-after-change';
import { updateCardResponseSchema, type UpdateCardResponse } from './schemas';

/**
 * POST /myaccount/update-card {token: the checkout's session id}: saves the new card and charges
 * what is owed with it; a suspended company that now owes nothing is active again (`reactivated`).
 * 402 `payment_failed` when the new card is declined (the card is kept), 400 `activation_failed`
 * for a bad session.
 */
export const updateCard = (sessionId: string): Promise<UpdateCardResponse> =>
  api.post('/myaccount/update-card', { token: sessionId }, { schema: updateCardResponseSchema });

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCard,
    onSuccess: () => refreshAfterBillingChange(queryClient, { identity: true }),
    // A declined card is still saved: the card on file changes.
    onError: () => refreshAfterBillingChange(queryClient, { identity: false }),
  });
}
