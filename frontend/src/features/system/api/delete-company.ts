import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { deletedSchema } from './schemas';

/**
 * POST /system/delete-company {companyId, name}: deletes every record and file of the company.
 * `name` is the company's name as the operator typed it (400 on `name` otherwise); 410 when it
 * was already deleted.
 */
export const deleteCompany = (body: { companyId: number; name: string }): Promise<boolean> =>
  api.post('/system/delete-company', body, { schema: deletedSchema }).then((answer) => answer.deleted);

export function useDeleteCompany(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteCompany({ companyId, name }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: systemKeys.company(companyId) });
      queryClient.removeQueries({ queryKey: systemKeys.charges(companyId) });
      return Promise.all([systemKeys.companyLists, systemKeys.stats(), systemKeys.employees(), systemKeys.audit()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
