import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

/** The session signed again: its token says `joyride: true`. */
export const completeJoyrideResponseSchema = z.object({ token: z.string().min(1) });

/**
 * POST /profile/complete-joyride {done: true} (spec 000 §7): the tour is done — finished, skipped
 * or ended by a missing target — and the person never sees the welcome again, on any device.
 */
export const completeJoyride = (): Promise<string> =>
  api.post('/profile/complete-joyride', { done: true }, { schema: completeJoyrideResponseSchema }).then(({ token }) => token);

/**
 * Records the tour as done and stores the new token, so the stored tour-completion key and the
 * identity agree. A failure leaves things as they were: the welcome comes back at the next
 * sign-in, which is the better mistake than losing the tour for good.
 */
export function useCompleteJoyride() {
  return useMutation({
    mutationFn: completeJoyride,
    onSuccess: (token) => {
      sessionStore.setToken(token);
    },
  });
}
