import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { employeeSchema, type Employee } from './schemas';
import { manageKeys } from './keys';

/** Spec 001 §8: the confirmation before terminating. */
export const TERMINATE_CONFIRMATION = "Once you do this there's no going back!";

/** POST /manage/terminate-employee {id} -> the employee, now terminated (admins only). */
export const terminateEmployee = (id: number): Promise<Employee> =>
  api.post('/manage/terminate-employee', { id }, { schema: employeeSchema });

export function useTerminateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: terminateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}
