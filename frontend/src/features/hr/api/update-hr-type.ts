import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { hrTypeSchema, type HrType, type HrTypeKind } from './get-hr-types';
import { DEFAULT_ONBOARDING_DAYS, isOnboardingDays } from './schemas';
import { hrKeys } from './keys';

/** The contract's messages on `name` and `onboardingDays`. */
export const HR_TYPE_NAME_REQUIRED = 'Please input the Name';
export const ONBOARDING_DAYS_INVALID = 'Input the days for new employees to complete (1 to 365)';

export const hrTypeFormSchema = z
  .object({
    name: requiredText(HR_TYPE_NAME_REQUIRED),
    onboardingDoc: z.boolean(),
    /** NumberInput gives '' while empty. */
    onboardingDays: z.union([z.number(), z.string()]),
  })
  .superRefine((values, ctx) => {
    if (values.onboardingDoc && !isOnboardingDays(values.onboardingDays)) {
      ctx.addIssue({ code: 'custom', path: ['onboardingDays'], message: ONBOARDING_DAYS_INVALID });
    }
  });
export type HrTypeFormValues = z.input<typeof hrTypeFormSchema>;

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
  /** Document types marked onboarding only: the days new employees get. */
  onboardingDays?: number | null;
}

/**
 * POST /settings/update-{event,doc,policy}-type {id?, name, onboardingDoc?: 0|1, onboardingDays?}:
 * adds a type, or renames one by `id` (saving a retired one brings it back).
 */
export function updateHrType({ kind, id, name, onboardingDoc, onboardingDays }: UpdateHrType): Promise<HrType> {
  const body: Record<string, unknown> = { name: name.trim() };
  if (id !== undefined) body.id = id;
  if (kind === 'doc') body.onboardingDoc = onboardingDoc ? 1 : 0;
  if (kind === 'doc' && onboardingDoc) body.onboardingDays = onboardingDays ?? DEFAULT_ONBOARDING_DAYS;
  return api.post(UPDATE_PATHS[kind], body, { schema: hrTypeSchema });
}

export function useUpdateHrType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHrType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.types });
      await queryClient.invalidateQueries({ queryKey: hrKeys.settingsData });
    },
  });
}
