import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import type { EoBody } from './forms';
import { licensingKeys } from './keys';
import { eoPolicySchema, importResultSchema, messageSchema, type EoPolicy, type ImportResult } from './schemas';

/** GET /licensing/eo (admins; managers read): the agency's E&O policies. */
export const getEoPolicies = (): Promise<EoPolicy[]> => api.get('/licensing/eo', { schema: z.array(eoPolicySchema) });

export const eoQueryOptions = () => queryOptions({ queryKey: licensingKeys.eo, queryFn: getEoPolicies });

export const useEoPolicies = () => useQuery(eoQueryOptions());

/** POST /licensing/eo {id?, carrier, policyNumber, perClaimCents, aggregateCents, expiresOn}. */
export const saveEoPolicy = (body: EoBody): Promise<EoPolicy> => api.post('/licensing/eo', body, { schema: eoPolicySchema });

export function useSaveEoPolicy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveEoPolicy, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.eo }) });
}

/** POST /licensing/eo/delete {id}. */
export const deleteEoPolicy = (id: number): Promise<{ message: string }> => api.post('/licensing/eo/delete', { id }, { schema: messageSchema });

export function useDeleteEoPolicy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEoPolicy, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.eo }) });
}

/** The CSV's columns (any order), as the import screen names them. */
export const IMPORT_COLUMNS = [
  'email',
  'npn',
  'resident_state',
  'state',
  'licence_number',
  'licence_type',
  'lines',
  'residency',
  'issued_on',
  'status',
  'status_on',
  'expires_on',
] as const;

/** POST /licensing/import (multipart `file`, admins): each row saved on its own; bad rows reported by line. */
export function importLicences(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.set('file', file);
  return api.post('/licensing/import', form, { schema: importResultSchema });
}

export function useImportLicences() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importLicences, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.all }) });
}
