import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

/**
 * GET /v4sso/auth-callback: the query the identity provider sent the browser back with (code,
 * state, iss, or error), forwarded as it came; the server also reads the cookie its
 * /v4sso/authorize set. A refused sign-in (wrong or spent state, a code the provider refused, an
 * address it does not vouch for) is a 400 `sso_failed`.
 */
export const ssoCallbackSchema = z.object({
  loginSucceeded: z.boolean(),
  ssoFailed: z.boolean(),
  token: z.string().nullable().optional().transform((v) => v ?? null),
  ssoAccessToken: z.string().nullable().optional().transform((v) => v ?? null),
  message: z.string().nullable().optional().transform((v) => v ?? null),
});
export type SsoCallbackResult = z.infer<typeof ssoCallbackSchema>;

export const completeSso = (query: Record<string, string>): Promise<SsoCallbackResult> =>
  api.get('/v4sso/auth-callback', { query, schema: ssoCallbackSchema });
