import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCompany } from './company-refresh';
import { companyDetailAnswerSchema, type CompanyDetail } from './schemas';

/** The fields of POST /system/update-company, as the server names them (its field errors too). */
export const COMPANY_FIELDS = ['name', 'email', 'phone', 'trialEnd', 'promotCode'] as const;

export interface UpdateCompanyBody {
  id: number;
  name: string;
  /** The contact e-mail and phone; null when blank. */
  email: string | null;
  phone: string | null;
  /** Only while on trial or expired; null leaves the trial as it is. */
  trialEnd: string | null;
  /** '' removes the company's code. */
  promotCode: string;
}

/** POST /system/update-company: answers the company as GET /system/company has it. */
export const updateCompany = (body: UpdateCompanyBody): Promise<CompanyDetail> =>
  api.post('/system/update-company', body, { schema: companyDetailAnswerSchema }).then((answer) => answer.company);

export function useUpdateCompany(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCompany, onSuccess: () => refreshCompany(queryClient, companyId) });
}
