import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { ApiError, api } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { requiredEmail } from '@/lib/validation';
import { manageKeys, otherKeys } from './keys';

/** Spec 001 §2, §5, §8: the import form's texts. */
export const IMPORT_TEXTS = {
  title: 'Import from AgencyZoom',
  note: "You must be an account admin of your agency's AgencyZoom to import. Your password is used for this import only and is not saved.",
  submit: 'Import now',
  waiting: 'Please wait ...',
  success: 'Your company information has been updated.',
  error: 'Error',
  emailRequired: 'Please input the Email',
  emailTypo: 'Oops! Looks like you have a typo.',
  passwordRequired: 'Please input the Password',
  notAvailable: 'The AgencyZoom import is not set up on this server.',
} as const;

export const importStatusSchema = z.object({
  /** The server can reach AgencyZoom (the import can run). */
  available: z.boolean(),
  /** The company was imported before: names and e-mails are AgencyZoom's. */
  integrated: z.boolean(),
  importedPeople: z.number().int(),
});
export type ImportStatus = z.output<typeof importStatusSchema>;

/** GET /manage/import-agencyzoom (spec 001 §7 "starts the CRM import"; admins only). */
export const getImportStatus = (): Promise<ImportStatus> => api.get('/manage/import-agencyzoom', { schema: importStatusSchema });

export const importStatusQueryOptions = () =>
  queryOptions({ queryKey: manageKeys.importAgencyzoom, queryFn: getImportStatus });

export const useImportStatus = (enabled = true) => useQuery({ ...importStatusQueryOptions(), enabled });

export const importFormSchema = z.object({
  email: requiredEmail(IMPORT_TEXTS.emailRequired, IMPORT_TEXTS.emailTypo),
  // Taken as typed: a password may start or end with spaces.
  password: z.string().min(1, { error: IMPORT_TEXTS.passwordRequired }),
});
export type ImportFormValues = z.infer<typeof importFormSchema>;

const importedPersonSchema = z.object({
  employeeId: z.number().int(),
  partnerId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  outcome: z.enum(['created', 'updated', 'unchanged']),
  emailChangeSentTo: z.string().nullable().optional().transform((v) => v ?? null),
});
export type ImportedPerson = z.output<typeof importedPersonSchema>;

const failedPersonSchema = z.object({
  partnerId: z.string(),
  firstname: z.string().nullable().optional().transform((v) => v ?? null),
  lastname: z.string().nullable().optional().transform((v) => v ?? null),
  email: z.string().nullable().optional().transform((v) => v ?? null),
  reason: z.string(),
});
export type FailedPerson = z.output<typeof failedPersonSchema>;

/** Spec 001 §3 "Import result": the success and failure lists, with the counts shown. */
export const importReportSchema = z.object({
  message: z.string(),
  employeesImported: z.number().int(),
  accountsCreated: z.number().int(),
  success: z.array(importedPersonSchema),
  failure: z.array(failedPersonSchema),
  skippedCompanyFields: z.array(z.string()).optional().transform((v) => v ?? []),
});
export type ImportReport = z.output<typeof importReportSchema>;

/** POST /manage/import-agencyzoom {email, password}. */
export const importAgencyZoom = (values: ImportFormValues): Promise<ImportReport> =>
  api.post('/manage/import-agencyzoom', { email: values.email.trim(), password: values.password }, { schema: importReportSchema });

/** The import changes the company, its people and its flags: every screen showing them reloads. */
export function useImportAgencyZoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAgencyZoom,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: manageKeys.all }),
        queryClient.invalidateQueries({ queryKey: otherKeys.company }),
        // The shell shows the company's name, which the import may change.
        queryClient.invalidateQueries({ queryKey: otherKeys.loginData }),
      ]),
  });
}

/** The 'Error' alert's text (spec 001 §8): the server's message, whatever the status. */
export const importFailureMessage = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.firstMessage : GENERIC_FORM_ERROR;

/** "Otto Owner" or, for a row without names, its e-mail or the partner's id. */
export const personLabel = (person: { firstname: string | null; lastname: string | null; email: string | null; partnerId: string }): string =>
  [person.firstname, person.lastname].filter(Boolean).join(' ') || person.email || `AgencyZoom #${person.partnerId}`;

export const OUTCOME_LABELS: Record<ImportedPerson['outcome'], string> = {
  created: 'Added, invitation sent',
  updated: 'Updated',
  unchanged: 'No change',
};
