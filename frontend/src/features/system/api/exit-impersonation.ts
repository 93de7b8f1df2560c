import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { sessionAnswerSchema } from './schemas';

/**
 * POST /auth/exit-impersonation-mode: ends the impersonation and answers the token of the
 * operator's own session, renewed. 401 when that session has ended meanwhile. The caller stores
 * the token (lib/session's startSession, as a login's): storing it ends the impersonation on
 * screen, and with it whatever showed the Exit button.
 */
export const exitImpersonation = (): Promise<string> =>
  api.post('/auth/exit-impersonation-mode', {}, { schema: sessionAnswerSchema }).then((answer) => answer.token);

/**
 * The exit. A 401 (the operator's own session ended meanwhile) leaves nobody signed in: the
 * session and every cached answer are forgotten, and the shell sends the browser to the login page.
 */
export function useExitImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exitImpersonation,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        sessionStore.clear();
        queryClient.clear();
      }
    },
  });
}
