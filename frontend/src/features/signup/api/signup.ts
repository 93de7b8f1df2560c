import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { isValidCompanyName, isValidPersonName, newPassword, requiredEmail, requiredName } from '@/lib/validation';

/** Spec 000 §5 "Signup". */
export const signupSchema = z.object({
  company: requiredName('Enter Company Name', 'Please enter valid Company Name', isValidCompanyName),
  firstname: requiredName('Enter First Name', 'Please enter valid First Name', isValidPersonName),
  lastname: requiredName('Enter Last Name', 'Please enter valid Last Name', isValidPersonName),
  email: requiredEmail('Enter a Email', 'Invalid Email Address'),
  password: newPassword('Enter a Password'),
  /** Optional (docs/contracts/system.md "Promotions"): the server checks that it exists and is live. */
  promotCode: z.string().default(''),
  /** The honeypot: humans never see or fill it. */
  website: z.string(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export interface SignupBody extends SignupInput {
  /** IANA zone of the browser, e.g. America/New_York. */
  timezone: string;
  /** The invisible bot check's token; empty when no bot check is configured. */
  token: string;
}

export const signupResponseSchema = z.object({ message: z.string() });

export const signupSuccessMessage = (email: string): string =>
  `Thanks for signing up! We have sent an activation email to ${email}. Please follow the link in it to activate your account.`;

/** POST /account/signup; a promotion code is sent only when one was typed. */
export const signup = ({ promotCode, ...body }: SignupBody): Promise<{ message: string }> =>
  api.post(
    '/account/signup',
    {
      ...body,
      company: body.company.trim(),
      firstname: body.firstname.trim(),
      lastname: body.lastname.trim(),
      email: body.email.trim(),
      ...(promotCode.trim() ? { promotCode: promotCode.trim() } : {}),
    },
    { schema: signupResponseSchema },
  );

export const useSignup = () => useMutation({ mutationFn: signup });
