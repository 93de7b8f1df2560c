import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobRoleSchema, type JobRole } from '@/lib/settings-data';
import { settingsKeys } from './keys';

/** POST /settings/inactive-role-type?id=: the role leaves the pickers; people keep it. */
export const inactiveRoleType = (id: number): Promise<JobRole> =>
  api.request('/settings/inactive-role-type', { method: 'POST', query: { id }, schema: jobRoleSchema });

export function useInactiveRoleType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inactiveRoleType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.data });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.manageData });
    },
  });
}
