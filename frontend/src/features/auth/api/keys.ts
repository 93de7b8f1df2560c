/**
 * Query keys of sign-in. The login data is keyed by session id so a new login never sees the
 * previous person's data; a password change (which revokes every session) invalidates `all`.
 */
export const authKeys = {
  all: ['auth'] as const,
  /** Every session's login data: what other screens invalidate after changing the company or the person. */
  loginDataAll: ['auth', 'login-data'] as const,
  loginData: (sid: string | undefined) => ['auth', 'login-data', { sid }] as const,
  /** GET /account/two-factor: one's own second factor (on, required, recovery codes left). */
  twoFactor: ['auth', 'two-factor'] as const,
  /** GET /account/signup-data: not under `all`, a password change leaves it be. */
  signupData: ['account', 'signup-data'] as const,
};
