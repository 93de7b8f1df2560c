import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrTypeSchema, type HrType, type HrTypeKind } from './get-hr-types';
import { hrKeys } from './keys';

const INACTIVE_PATHS: Record<HrTypeKind, string> = {
  event: '/settings/inactive-event-type',
  doc: '/settings/inactive-doc-type',
  policy: '/settings/inactive-policy-type',
};

/** POST /settings/inactive-{event,doc,policy}-type?id= (body {}): retired, off the pickers, kept on records. */
export const inactiveHrType = ({ kind, id }: { kind: HrTypeKind; id: number }): Promise<HrType> =>
  api.request(INACTIVE_PATHS[kind], { method: 'POST', query: { id }, body: {}, schema: hrTypeSchema });

export function useInactiveHrType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inactiveHrType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.types });
      await queryClient.invalidateQueries({ queryKey: hrKeys.settingsData });
    },
  });
}
