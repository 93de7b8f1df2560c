import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/**
 * GET /account/signup-data: `authorizationUrl` is null when single sign-on is not configured;
 * `billingEnabled` says whether this deployment charges (no trial, promotion codes or payments
 * without it).
 */
export const signupDataSchema = z.object({
  authorizationUrl: z.string().nullable().optional().transform((v) => v ?? null),
  billingEnabled: z.boolean().optional().transform((v) => v ?? true),
});
export type SignupData = z.infer<typeof signupDataSchema>;

export const getSignupData = (): Promise<SignupData> => api.get('/account/signup-data', { schema: signupDataSchema });

export const signupDataQueryOptions = () =>
  queryOptions({ queryKey: authKeys.signupData, queryFn: getSignupData, staleTime: 10 * 60_000, retry: false });

export const useSignupData = () => useQuery(signupDataQueryOptions());

/** Whether this deployment charges for Timekeep; undefined until the server said (or if it could not). */
export const useBillingEnabled = (): boolean | undefined => useSignupData().data?.billingEnabled;
