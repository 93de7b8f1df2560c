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
 * `POST /auth/login`'s answer when the account has (`verify`) or must set up (`enrol`) a second
 * factor: not a session but a challenge for `POST /auth/two-factor` (docs/contracts/two-factor.md).
 */
export const twoFactorChallengeSchema = z.object({
  challenge: z.string().min(1),
  mode: z.enum(['verify', 'enrol']),
  expiresIn: z.number().optional(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

const loginAnswerSchema = z.union([z.object({ twoFactor: twoFactorChallengeSchema }), loginResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** What a sign-in led to: the session, or the second factor's step before it. */
export type SignInResult = { kind: 'session'; session: Session } | { kind: 'twoFactor'; challenge: TwoFactorChallenge };

/** Thrown by `loginAndStore` when the server asks for a second factor, which only a form can give. */
export const TWO_FACTOR_NEEDED = 'Please sign in with your email and password to enter your authentication code.';

/**
 * POST /auth/login. Inside a frame of a configured page (`/login?origin=`), the sign-in names that
 * page, which the server puts in the token's `origin` claim (lib/embed.ts).
 */
export const login = async (body: LoginBody): Promise<LoginAnswer> => {
  const origin = await embedOriginForLogin();
  const send = () => api.post('/auth/login', origin ? { ...body, origin } : body, { schema: loginAnswerSchema });
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

/**
 * Signs in: stores the session when the server opens one; with a second factor, resolves with its
 * challenge instead (nothing is stored until the code is verified).
 */
export async function signIn(body: LoginBody, { sso = false }: { sso?: boolean } = {}): Promise<SignInResult> {
  const answer = await login(body);
  if ('twoFactor' in answer) return { kind: 'twoFactor', challenge: answer.twoFactor };
  return { kind: 'session', session: startSession(answer.token, { sso }) };
}

/**
 * Logs in and stores the session; resolves with the stored session. For sign-ins that cannot ask
 * for a code (a session token): a second factor's challenge is a failure with TWO_FACTOR_NEEDED.
 */
export async function loginAndStore(body: LoginBody, { sso = false }: { sso?: boolean } = {}): Promise<Session> {
  const result = await signIn(body, { sso });
  if (result.kind === 'twoFactor') throw new ApiError(401, 'Unauthorized', { code: 'two_factor_required', message: TWO_FACTOR_NEEDED });
  return result.session;
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ body, sso }: { body: LoginBody; sso?: boolean }) => signIn(body, { sso }),
  });
}
