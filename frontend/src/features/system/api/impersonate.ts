import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { startSession, type Session } from '@/lib/session';
import { sessionAnswerSchema } from './schemas';

/**
 * POST /system/impersonate {email}: a session as that user (`identity.impersonate` true, one
 * hour), answered as /auth/login answers; it is stored as a login's is. Resolves with it.
 */
export async function impersonate(email: string): Promise<Session> {
  const { token } = await api.post('/system/impersonate', { email }, { schema: sessionAnswerSchema });
  return startSession(token);
}

export const useImpersonate = () => useMutation({ mutationFn: impersonate });
