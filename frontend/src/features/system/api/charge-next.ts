import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCompany } from './company-refresh';
import { chargeNextAnswerSchema, type ChargeNextAnswer } from './schemas';

/**
 * POST /system/charge-next {companyId}: brings the next monthly charge forward (made and attempted
 * now). 409 when a charge was already made today; 400 without a subscription.
 */
export const chargeNext = async (companyId: number): Promise<ChargeNextAnswer> =>
  chargeNextAnswerSchema.parse(await api.post<unknown>('/system/charge-next', { companyId }));

export function useChargeNext(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => chargeNext(companyId), onSettled: () => refreshCompany(queryClient, companyId) });
}
