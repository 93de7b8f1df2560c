import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCompany } from './company-refresh';
import { chargeTodayAnswerSchema, type ChargeTodayAnswer } from './schemas';

/** POST /system/charge-today {companyId}: makes the charges due by the company's today and attempts them. */
export const chargeToday = (companyId: number): Promise<ChargeTodayAnswer> =>
  api.post('/system/charge-today', { companyId }, { schema: chargeTodayAnswerSchema });

export function useChargeToday(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => chargeToday(companyId), onSettled: () => refreshCompany(queryClient, companyId) });
}
