import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { ptoTypeSchema, type PtoType } from '@/lib/settings-data';
import { otherKeys } from './keys';

/** A PTO type (spec 002 §3) and its job roles' allowances: GET /settings/data lists them (`src/lib/settings-data`). */
export { ptoTypeSchema, type PtoType };

/** Spec 002 §5 and the server's texts. */
export const PTO_TYPE_NAME_REQUIRED = 'Please input the Name';
export const OVERRIDE_HOURS_INVALID = 'Please input the hours a year, a number with at most two decimals';
export const OVERRIDE_ROLE_REQUIRED = 'Please choose a job role of your company';
export const PTO_TYPE_SAVED = 'PTO type has been saved.';
export const PTO_TYPE_IN_PLAN = 'This PTO Type is part of a PTO Plan. Please delete the PTO Plan first.';

const HOURS_PATTERN = /^\d+(\.\d{1,2})?$/;
export const isAllowanceHours = (text: string): boolean => HOURS_PATTERN.test(text.trim()) && Number(text) <= 8784;

export interface PtoTypeForm {
  id?: number;
  name: string;
  color: string;
  payable: boolean;
  available: boolean;
  overrides: { jobroleId: string; hours: string }[];
}

/** POST /settings/update-pto-type: adds a type, or edits the one with `id`; overrides replace the type's allowances. */
export const updatePtoType = (form: PtoTypeForm): Promise<PtoType> =>
  api.post(
    '/settings/update-pto-type',
    {
      ...(form.id === undefined ? {} : { id: form.id }),
      name: form.name.trim(),
      color: form.color,
      payable: form.payable ? 1 : 0,
      available: form.available ? 1 : 0,
      overrides: form.overrides.map((row) => ({ jobroleId: Number(row.jobroleId), hours: row.hours.trim() })),
    },
    { schema: ptoTypeSchema },
  );

/** POST /settings/inactive-pto-type?id=: the type is hidden; records that name it stay. */
export const deletePtoType = (id: number): Promise<unknown> =>
  api.request('/settings/inactive-pto-type', { method: 'POST', query: { id }, schema: z.object({ id: z.number() }) });

export function useUpdatePtoType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePtoType, onSuccess: () => queryClient.invalidateQueries({ queryKey: otherKeys.settingsData }) });
}

export function useDeletePtoType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePtoType, onSuccess: () => queryClient.invalidateQueries({ queryKey: otherKeys.settingsData }) });
}
