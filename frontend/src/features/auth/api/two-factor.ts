import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';
import { loginResponseSchema } from './login';

export type { TwoFactorChallenge } from './login';

/**
 * Two-factor sign-in (docs/contracts/two-factor.md): a TOTP authenticator with ten single-use
 * recovery codes. Signing in with a second factor answers a challenge instead of a session; the
 * challenge is answered with a code (or, in `enrol` mode, the code of a new authenticator).
 */

/** A new authenticator's key: the Base32 secret, its otpauth:// URL and a QR code of it (a data: URL). */
export const twoFactorSetupSchema = z.object({
  secret: z.string().min(1),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** The session `POST /auth/two-factor` opens; in `enrol` mode also the ten new recovery codes. */
export const twoFactorSessionSchema = loginResponseSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type TwoFactorSession = z.infer<typeof twoFactorSessionSchema>;

/** What the person types to answer a challenge: a code of the authenticator or a recovery code. */
export type TwoFactorAnswer = { code: string } | { recoveryCode: string };

/** Codes as typed: an authenticator shows '123 456', the server wants '123456'. */
export const cleanCode = (code: string): string => code.replace(/\s+/g, '');

/** `POST /auth/two-factor/setup` (enrol mode): a new secret; only the last one asked can be confirmed. */
export const setUpSignInTwoFactor = (challenge: string): Promise<TwoFactorSetup> =>
  api.post('/auth/two-factor/setup', { challenge }, { schema: twoFactorSetupSchema });

/** `POST /auth/two-factor`: the challenge and a code (or a recovery code) -> the session. */
export const answerTwoFactor = (challenge: string, answer: TwoFactorAnswer): Promise<TwoFactorSession> =>
  api.post('/auth/two-factor', { challenge, ...answer }, { schema: twoFactorSessionSchema });

// --- One's own second factor, signed in.

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  enabledAt: z.string().nullable().optional().transform((v) => v ?? null),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;

/** `GET /account/two-factor`. */
export const getTwoFactorStatus = (): Promise<TwoFactorStatus> => api.get('/account/two-factor', { schema: twoFactorStatusSchema });

export const twoFactorStatusQueryOptions = () => queryOptions({ queryKey: authKeys.twoFactor, queryFn: getTwoFactorStatus });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());

/** `POST /account/two-factor/setup` -> a new secret to confirm with `enable`. */
export const setUpMyTwoFactor = (): Promise<TwoFactorSetup> => api.post('/account/two-factor/setup', {}, { schema: twoFactorSetupSchema });

/** `POST /account/two-factor/enable` `{code}` -> the ten recovery codes (shown once). */
export const enableMyTwoFactor = (code: string): Promise<string[]> =>
  api.post('/account/two-factor/enable', { code: cleanCode(code) }, { schema: recoveryCodesSchema }).then((r) => r.recoveryCodes);

export interface DisableTwoFactorInput {
  password: string;
  /** A current code or a recovery code. */
  code: string;
}

/** `POST /account/two-factor/disable` `{password, code}` -> 204. */
export const disableMyTwoFactor = ({ password, code }: DisableTwoFactorInput): Promise<void> =>
  api.post<void>('/account/two-factor/disable', { password, code: code.trim() });

/** `POST /account/two-factor/recovery-codes` `{code}` -> ten new codes; the old ones are void. */
export const newRecoveryCodes = (code: string): Promise<string[]> =>
  api.post('/account/two-factor/recovery-codes', { code: cleanCode(code) }, { schema: recoveryCodesSchema }).then((r) => r.recoveryCodes);

/** Every write reads the state again (on, since when, codes left). */
function useTwoFactorWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.twoFactor }),
  });
}

export const useSetUpMyTwoFactor = () => useMutation({ mutationFn: setUpMyTwoFactor });
export const useEnableMyTwoFactor = () => useTwoFactorWrite(enableMyTwoFactor);
export const useDisableMyTwoFactor = () => useTwoFactorWrite(disableMyTwoFactor);
export const useNewRecoveryCodes = () => useTwoFactorWrite(newRecoveryCodes);
