import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCompany } from './company-refresh';
import { companyRowAnswerSchema, type CompanyRow } from './schemas';

/** POST /system/suspend-company {companyId}: the company's writes are refused until it is activated. */
export const suspendCompany = (companyId: number): Promise<CompanyRow> =>
  api.post('/system/suspend-company', { companyId }, { schema: companyRowAnswerSchema }).then((answer) => answer.company);

/** POST /system/active-company {companyId}: lifts a suspension, whoever made it. */
export const activateCompany = (companyId: number): Promise<CompanyRow> =>
  api.post('/system/active-company', { companyId }, { schema: companyRowAnswerSchema }).then((answer) => answer.company);

/** Suspend (`suspend: true`) or activate a company; doing it twice is harmless. */
export function useSetCompanySuspended(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suspend: boolean) => (suspend ? suspendCompany(companyId) : activateCompany(companyId)),
    onSettled: () => refreshCompany(queryClient, companyId),
  });
}
