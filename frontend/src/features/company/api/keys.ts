/**
 * Query keys of the company profile. A change of the company replaces `profile` and invalidates the
 * login data (`loginData`, owned by sign-in, named here by its key only): the shell shows the name.
 */
export const companyKeys = {
  all: ['company'] as const,
  profile: ['company', 'profile'] as const,
  /** GET /company/security (admins): whether admins and managers must use two-factor sign-in. */
  security: ['company', 'security'] as const,
  /** GET /auth/login-data of every session. */
  loginData: ['auth', 'login-data'] as const,
};
