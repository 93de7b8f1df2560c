import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** GET /account/signup-data: `authorizationUrl` is null when single sign-on is not configured. */
export const signupDataSchema = z.object({
  authorizationUrl: z.string().nullable().optional().transform((v) => v ?? null),
});
export type SignupData = z.infer<typeof signupDataSchema>;

export const getSignupData = (): Promise<SignupData> => api.get('/account/signup-data', { schema: signupDataSchema });

export const signupDataQueryOptions = () =>
  queryOptions({ queryKey: authKeys.signupData, queryFn: getSignupData, staleTime: 10 * 60_000, retry: false });

export const useSignupData = () => useQuery(signupDataQueryOptions());
