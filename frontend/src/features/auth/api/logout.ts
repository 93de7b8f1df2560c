import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

/** POST /auth/logout revokes the session on the server (204). */
export const logout = (): Promise<void> => api.post('/auth/logout', {});

/**
 * Logs out: tells the server when a session exists (its failure does not keep anyone signed in),
 * then clears all stored state and cached data (spec 000 §4).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline too (the app opens without a network, issue 39): a paused logout would never end;
    // the server's part is skipped when it cannot be reached.
    networkMode: 'always',
    mutationFn: async () => {
      if (sessionStore.get()) {
        await logout().catch(() => undefined);
      }
    },
    onSettled: () => {
      sessionStore.clear();
      queryClient.clear();
    },
  });
}
