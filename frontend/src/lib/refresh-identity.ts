import { z } from '@/lib/zod';
import { api } from './api-client';
import { sessionStore } from './session';

const freshTokenSchema = z.object({ token: z.string().min(1) });

/**
 * The session identity (names, e-mail, avatar, the trial end, the suspended flag) lives in the
 * token's claims: after a change the live token is exchanged for a fresh one (POST /auth/login
 * {token}, same session). A failure keeps the old token: the change is saved all the same, and the
 * next sign-in (or the server's X-Refreshed-Token) brings the new claims.
 */
export async function refreshIdentity(): Promise<void> {
  const current = sessionStore.get();
  if (!current) return;
  try {
    const { token } = await api.post('/auth/login', { token: current.token }, { schema: freshTokenSchema });
    sessionStore.setToken(token);
  } catch {
    // The next login shows the new claims.
  }
}
