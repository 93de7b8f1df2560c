import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api, ApiError } from '@/lib/api-client';
import { embedOriginForLogin } from '@/lib/embed';
import { startSession, type Session } from '@/lib/session';
import { requiredEmail, requiredText } from '@/lib/validation';

/** The login form (spec 000 §5 "Login"). */
export const loginSchema = z.object({
  email: requiredEmail('Please input the Email', 'Invalid Email address'),
  password: requiredText('Enter valid password'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /auth/login takes credentials, an existing session token, or an e-mailed security token. */
export type LoginBody =
  | { email: string; password: string }
  | { token: string }
  | { base64Email: string; securityToken: string };

export const loginResponseSchema = z.object({
  token: z.string().min(1),
  identity: z.unknown().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * POST /auth/login. Inside a frame of a configured page (`/login?origin=`), the sign-in names that
 * page, which the server puts in the token's `origin` claim (lib/embed.ts).
 */
export const login = async (body: LoginBody): Promise<LoginResponse> => {
  const origin = await embedOriginForLogin();
  const send = () => api.post('/auth/login', origin ? { ...body, origin } : body, { schema: loginResponseSchema });
  try {
    return await send();
  } catch (error) {
    // A crowd signing in at once (a shift starting): the server says when to come back. Once.
    if (!(error instanceof ApiError) || error.status !== 503) throw error;
    const seconds = Math.min(Math.max(error.retryAfterSeconds ?? 1, 0), MAX_RETRY_WAIT_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return send();
  }
};

/** The longest the sign-in waits to try again after a 503, whatever Retry-After says. */
const MAX_RETRY_WAIT_SECONDS = 10;

/** Logs in and stores the session; resolves with the stored session. */
export async function loginAndStore(body: LoginBody, { sso = false }: { sso?: boolean } = {}): Promise<Session> {
  const { token } = await login(body);
  return startSession(token, { sso });
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ body, sso }: { body: LoginBody; sso?: boolean }) => loginAndStore(body, { sso }),
  });
}
