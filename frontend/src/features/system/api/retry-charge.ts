import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCompany } from './company-refresh';
import { retryAnswerSchema, type RetryAnswer } from './schemas';

/**
 * POST /system/retry-charge {id}: attempts an unpaid charge now with the card on file. The charge
 * list is read again afterwards (spec 002 §4), whatever the outcome.
 */
export const retryCharge = (id: number): Promise<RetryAnswer> => api.post('/system/retry-charge', { id }, { schema: retryAnswerSchema });

export function useRetryCharge(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryCharge, onSettled: () => refreshCompany(queryClient, companyId) });
}
