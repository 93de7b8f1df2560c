import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { manageKeys } from './keys';

/** Spec 001 §8: the confirmation before removing. */
export const REMOVE_CONFIRMATION = "Once you hit remove there's no going back!";

/** POST /contacts/delete {id, eid} -> {}. */
export const deleteContact = ({ id, eid }: { id: number; eid: number }): Promise<unknown> => api.post('/contacts/delete', { id, eid });

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}
