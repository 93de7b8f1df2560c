import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { queryUserSchema, type SystemUser } from './schemas';

/** GET /system/queryuser?email: the user with exactly that address (any case); 404 when none. */
export const queryUser = (email: string, signal?: AbortSignal): Promise<SystemUser> =>
  api.get('/system/queryuser', { query: { email }, schema: queryUserSchema, signal }).then((answer) => answer.user);

export const queryUserOptions = (email: string) =>
  queryOptions({ queryKey: systemKeys.user(email), queryFn: ({ signal }) => queryUser(email, signal), staleTime: 0 });

/** The user of `email`; nothing is asked while it is null. */
export const useQueryUser = (email: string | null) => useQuery({ ...queryUserOptions(email ?? ''), enabled: email !== null });
