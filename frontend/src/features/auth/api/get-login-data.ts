import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** Spec 000 §9: the company name shown when none is known. */
export const DEFAULT_COMPANY_NAME = 'My Company';

export const loginDataSchema = z.object({
  identity: z.unknown().optional(),
  companyName: z.string().nullable().optional().transform((v) => v ?? null),
  companyId: z.number().nullable().optional().transform((v) => v ?? null),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const getLoginData = (): Promise<LoginData> => api.get('/auth/login-data', { schema: loginDataSchema });

/** Keyed by session id so a new login never sees the previous person's data. */
export const loginDataQueryOptions = (sid: string | undefined) =>
  queryOptions({
    queryKey: authKeys.loginData(sid),
    queryFn: getLoginData,
    staleTime: 5 * 60_000,
  });

export const useLoginData = (sid: string | undefined) => useQuery(loginDataQueryOptions(sid));
