import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { employeeSchema, type Employee } from './schemas';
import { manageKeys } from './keys';

/** Spec 001 §8: what a taken e-mail means when reactivating. */
export const emailTakenMessage = (email: string): string =>
  `${email} has been registered to another user. Please choose a different email address.`;

/** POST /manage/reactivate-account {id, email?}: without e-mail the old address stays. */
export const reactivateAccount = ({ id, email }: { id: number; email?: string }): Promise<Employee> =>
  api.post('/manage/reactivate-account', email ? { id, email: email.trim() } : { id }, { schema: employeeSchema });

export function useReactivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}
