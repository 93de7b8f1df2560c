import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { jobRoleSchema, type JobRole } from '@/lib/settings-data';
import { settingsKeys } from './keys';

/** Spec 002 §5: a name is required. */
export const JOB_ROLE_NAME_REQUIRED = 'Please input the Name';
export const jobRoleFormSchema = z.object({ name: requiredText(JOB_ROLE_NAME_REQUIRED) });
export type JobRoleFormValues = z.infer<typeof jobRoleFormSchema>;

/** POST /settings/update-role-type {id?, name}: adds a job role, or renames one with `id`. */
export const updateRoleType = ({ id, name }: { id?: number; name: string }): Promise<JobRole> =>
  api.post('/settings/update-role-type', id === undefined ? { name: name.trim() } : { id, name: name.trim() }, { schema: jobRoleSchema });

export function useUpdateRoleType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoleType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.data });
      // The HR-folder pickers list active roles.
      await queryClient.invalidateQueries({ queryKey: settingsKeys.manageData });
    },
  });
}
