import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { isEmail, requiredText } from '@/lib/validation';
import { companyKeys } from './keys';

const text = z.string().nullable().optional().transform((v) => v ?? '');

/** Spec 001 §3 "Company". `logo` is a stored file's URL (`/server/v1/files/{id}`) or null. */
export const companySchema = z.object({
  name: text,
  logo: z.string().nullable().optional().transform((v) => v ?? null),
  facebook: text,
  linkedin: text,
  email: text,
  phone: text,
  address1: text,
  city: text,
  state: text,
  zip: text,
});
export type Company = z.output<typeof companySchema>;

const companyResponseSchema = z.object({ company: companySchema });

/** GET /company/profile (admins and managers). */
export const getCompanyProfile = (): Promise<Company> =>
  api.get('/company/profile', { schema: companyResponseSchema }).then((r) => r.company);

export const companyProfileQueryOptions = () => queryOptions({ queryKey: companyKeys.profile, queryFn: getCompanyProfile });

export const useCompanyProfile = () => useQuery(companyProfileQueryOptions());

export const COMPANY_FIELDS = ['name', 'facebook', 'linkedin', 'email', 'phone', 'address1', 'city', 'state', 'zip'] as const;
export type CompanyForm = Record<(typeof COMPANY_FIELDS)[number], string>;

/** Spec 001 §5 "Company": name, e-mail (with the typo check) and state are required. */
export const companyFormSchema = z.object({
  name: requiredText('Please input the Company Name'),
  facebook: z.string(),
  linkedin: z.string(),
  email: z.string().superRefine((value, ctx) => {
    if (!value.trim()) ctx.addIssue({ code: 'custom', message: 'Please input the Email' });
    else if (!isEmail(value)) ctx.addIssue({ code: 'custom', message: 'Oops! Looks like you have a typo.' });
  }),
  phone: z.string(),
  address1: z.string(),
  city: z.string(),
  state: requiredText('Please input the State'),
  zip: z.string(),
});

export const COMPANY_UPDATED = 'Your company profile has been successfully updated.';

export const toCompanyForm = (company: Company): CompanyForm => ({
  name: company.name,
  facebook: company.facebook,
  linkedin: company.linkedin,
  email: company.email,
  phone: company.phone,
  address1: company.address1,
  city: company.city,
  state: company.state,
  zip: company.zip,
});

const trimmed = (form: CompanyForm): CompanyForm =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as CompanyForm;

/** POST /company/update (admins only) -> the company. */
export const updateCompany = (form: CompanyForm): Promise<Company> =>
  api.post('/company/update', trimmed(form), { schema: companyResponseSchema }).then((r) => r.company);

/** The company's name shows in the side bar (login data): it is read again after a change. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.profile, company);
      return queryClient.invalidateQueries({ queryKey: companyKeys.loginData });
    },
  });
}

/** POST /company/logo multipart `file` (admins only) -> { logo }. */
export function uploadCompanyLogo(file: File): Promise<string | null> {
  const body = new FormData();
  body.append('file', file);
  return api.post('/company/logo', body, { schema: z.object({ logo: z.string().nullable() }) }).then((r) => r.logo);
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyLogo,
    onSuccess: (logo) => {
      queryClient.setQueryData<Company>(companyKeys.profile, (company) => (company ? { ...company, logo } : company));
    },
  });
}

/** The company's security settings (admins): docs/contracts/two-factor.md. */
export const companySecuritySchema = z.object({ twoFactorRequired: z.boolean() });
export type CompanySecurity = z.infer<typeof companySecuritySchema>;

/** GET /company/security (admins). */
export const getCompanySecurity = (): Promise<CompanySecurity> => api.get('/company/security', { schema: companySecuritySchema });

export const useCompanySecurity = () => useQuery({ queryKey: companyKeys.security, queryFn: getCompanySecurity });

/** POST /company/security (admins) -> the settings, saved. */
export const updateCompanySecurity = (security: CompanySecurity): Promise<CompanySecurity> =>
  api.post('/company/security', security, { schema: companySecuritySchema });

export function useUpdateCompanySecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySecurity,
    onSuccess: (security) => queryClient.setQueryData(companyKeys.security, security),
  });
}
