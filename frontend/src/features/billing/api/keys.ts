/**
 * Query keys of billing. Every billing write (activation, a new card) invalidates `all`: the data
 * and the past payments change together.
 */
export const billingKeys = {
  all: ['billing'] as const,
  data: ['billing', 'data'] as const,
  charges: (page: number) => ['billing', 'charges', page] as const,
  /** GET /auth/login-data of every session (owned by sign-in, named here by its key only): the shell's banners. */
  loginData: ['auth', 'login-data'] as const,
};
