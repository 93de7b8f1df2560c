import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

/** Spec 000 §8, SSO signup failure. */
export const SSO_SIGNUP_FAILED = 'There was some error while doing SSO. Please try again later.';

/**
 * The SSO payload of POST /account/signup (spec 000 §3 "Signup payload"): the one-time handle
 * the callback page passed on, with whatever the form already holds. The admin's address is the
 * identity provider's; a company left empty becomes 'My Company' and names left empty the
 * provider's. No password: the admin creates one later if they want one.
 */
export interface SsoSignupBody {
  ssoAccessToken: string;
  company: string;
  firstname: string;
  lastname: string;
  promotCode: string;
  /** IANA zone of the browser. */
  timezone: string;
}

/** The admin is signed in at once (the provider proved the address). */
export const ssoSignupResponseSchema = z.object({ message: z.string(), email: z.string(), token: z.string().min(1) });
export type SsoSignupResponse = z.infer<typeof ssoSignupResponseSchema>;

const typed = (name: string, value: string) => (value.trim() ? { [name]: value.trim() } : {});

export const ssoSignup = ({ ssoAccessToken, company, firstname, lastname, promotCode, timezone }: SsoSignupBody): Promise<SsoSignupResponse> =>
  api.post(
    '/account/signup',
    {
      scenario: 'sso',
      ssoLogin: true,
      ssoAccessToken,
      timezone,
      // The bot check's token (none configured) and the honeypot, as the form sends them.
      token: '',
      website: '',
      ...typed('company', company),
      ...typed('firstname', firstname),
      ...typed('lastname', lastname),
      ...typed('promotCode', promotCode),
    },
    { schema: ssoSignupResponseSchema },
  );

export const useSsoSignup = () => useMutation({ mutationFn: ssoSignup });
