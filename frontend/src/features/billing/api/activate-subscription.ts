import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfterBillingChange } from './refresh-after-change';
import { activateResponseSchema, type ActivateResponse } from './schemas';

export interface Activation {
  /** The checkout's session id. */
  sessionId: string;
  /** A promotion code typed before the checkout; sent only when there is one. */
  promotCode?: string | null;
}

/**
 * POST /myaccount/activate {token: the checkout's session id, promotCode?}: the trial becomes a
 * subscription and the first month is charged. 200 also when that charge is declined (then the
 * message says so and the company is `past_due`); 400 `activation_failed` for a bad session or a
 * subscribed company; 400 with a field error on `promotCode` for an unknown or expired code.
 */
export const activateSubscription = ({ sessionId, promotCode }: Activation): Promise<ActivateResponse> =>
  api.post('/myaccount/activate', promotCode ? { token: sessionId, promotCode } : { token: sessionId }, { schema: activateResponseSchema });

export function useActivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSubscription,
    // A 200 (even with a declined first charge) subscribes the company: new claims.
    onSuccess: () => refreshAfterBillingChange(queryClient, { identity: true }),
    onError: () => refreshAfterBillingChange(queryClient, { identity: false }),
  });
}
