import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { hrTypeSchema, hrTypesKey, SETTINGS_DATA_KEY, type HrType, type HrTypeKind } from './get-hr-types';

/** The contract's messages on `name`. */
export const HR_TYPE_NAME_REQUIRED = 'Please input the Name';

export const hrTypeFormSchema = z.object({ name: requiredText(HR_TYPE_NAME_REQUIRED), onboardingDoc: z.boolean() });
export type HrTypeFormValues = z.infer<typeof hrTypeFormSchema>;

const UPDATE_PATHS: Record<HrTypeKind, string> = {
  event: '/settings/update-event-type',
  doc: '/settings/update-doc-type',
  policy: '/settings/update-policy-type',
};

export interface UpdateHrType {
  kind: HrTypeKind;
  id?: number;
  name: string;
  /** Document types only. */
  onboardingDoc?: boolean;
}

/**
 * POST /settings/update-{event,doc,policy}-type {id?, name, onboardingDoc?: 0|1}: adds a type, or
 * renames one by `id` (saving a retired one brings it back).
 */
export function updateHrType({ kind, id, name, onboardingDoc }: UpdateHrType): Promise<HrType> {
  const body: Record<string, unknown> = { name: name.trim() };
  if (id !== undefined) body.id = id;
  if (kind === 'doc') body.onboardingDoc = onboardingDoc ? 1 : 0;
  return api.post(UPDATE_PATHS[kind], body, { schema: hrTypeSchema });
}

export function useUpdateHrType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHrType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrTypesKey });
      await queryClient.invalidateQueries({ queryKey: SETTINGS_DATA_KEY });
    },
  });
}
