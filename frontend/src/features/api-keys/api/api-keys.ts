import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysKeys } from './keys';
import { apiKeyListSchema, createdApiKeySchema, type ApiKeyList, type CreatedApiKey } from './schemas';

/** GET /api-keys (admins): the company's keys, newest first (revoked and expired ones too), and the scopes. */
export const getApiKeys = (signal?: AbortSignal): Promise<ApiKeyList> => api.get('/api-keys', { schema: apiKeyListSchema, signal });

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysKeys.list, queryFn: ({ signal }) => getApiKeys(signal) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export interface CreateApiKeyBody {
  name: string;
  /** Scope codes. */
  scopes: string[];
  /** The last day it works, 'YYYY-MM-DD' (the company's day); '' or null: until revoked. */
  expiresOn: string | null;
}

/** The create form's fields, by the names the server's errors use. */
export const API_KEY_FIELDS = ['name', 'scopes', 'expiresOn'] as const;
export type ApiKeyField = (typeof API_KEY_FIELDS)[number];

/** The server's words for what the form checks itself (docs/contracts/api-keys.md). */
export const API_KEY_MESSAGES = {
  name: 'Please name the key',
  nameTooLong: 'The name may have at most 100 characters',
  scopes: 'Please choose at least one scope',
} as const;

export const API_KEY_NAME_MAX = 100;

/** The form's own checks, before asking the server: a name of at most 100 characters, a scope. */
export function apiKeyFormErrors({ name, scopes }: Pick<CreateApiKeyBody, 'name' | 'scopes'>): Partial<Record<ApiKeyField, string>> {
  const errors: Partial<Record<ApiKeyField, string>> = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = API_KEY_MESSAGES.name;
  else if ([...trimmed].length > API_KEY_NAME_MAX) errors.name = API_KEY_MESSAGES.nameTooLong;
  if (scopes.length === 0) errors.scopes = API_KEY_MESSAGES.scopes;
  return errors;
}

/** The body of POST /api-keys: the trimmed name, the scopes, `expiresOn` only when a day is chosen. */
export function createApiKeyBody({ name, scopes, expiresOn }: CreateApiKeyBody): { name: string; scopes: string[]; expiresOn?: string } {
  const day = expiresOn?.trim();
  return { name: name.trim(), scopes, ...(day ? { expiresOn: day } : {}) };
}

/** POST /api-keys (admins) {name, scopes, expiresOn?}: the key and its secret, this once. */
export const createApiKey = (body: CreateApiKeyBody): Promise<CreatedApiKey> => api.post('/api-keys', createApiKeyBody(body), { schema: createdApiKeySchema });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list }),
  });
}

/** POST /api-keys/revoke?id= (admins): the list, that key revoked. It stops working at once. */
export const revokeApiKey = (id: number): Promise<ApiKeyList> => api.request('/api-keys/revoke', { method: 'POST', query: { id }, schema: apiKeyListSchema });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (list) => queryClient.setQueryData(apiKeysKeys.list, list),
  });
}
