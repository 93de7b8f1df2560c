import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { celebrationKeys } from './keys';

/**
 * Celebrations (docs/contracts/calendar-celebrations-reports.md "Celebrations", spec 002 §2, §7):
 * the next 60 days of birthdays and work anniversaries, the message each person gets (their own,
 * the company's or the system's default) and the company-wide messages.
 */

export const CELEBRATION_TYPES = ['BIRTHDAY', 'ANNIVERSARY'] as const;
export const celebrationTypeSchema = z.enum(CELEBRATION_TYPES);
export type CelebrationType = z.output<typeof celebrationTypeSchema>;

/** The placeholders a message may hold. */
export const PLACEHOLDERS = ['{firstname}', '{lastname}', '{years}', '{company}'] as const;
export const MESSAGE_MAX = 2000;
export const MESSAGE_REQUIRED = 'Please input the Message';

export const celebrationSchema = z.object({
  employeeId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  avatar: z.string().nullable().optional().transform((v) => v ?? null),
  type: celebrationTypeSchema,
  /** The company day, 'YYYY-MM-DD'. */
  date: z.string(),
  years: z.number().int().nullable().optional().transform((v) => v ?? null),
  daysAway: z.number().int(),
});
export type Celebration = z.output<typeof celebrationSchema>;
export const nextCelebrationsSchema = z.object({ celebrations: z.array(celebrationSchema) });

export const systemMessagesSchema = z.object({
  messages: z.array(z.object({ type: z.string(), target: z.string(), message: z.string() })),
});
export type SystemMessage = z.output<typeof systemMessagesSchema>['messages'][number];

const sourceSchema = z.enum(['custom', 'company', 'system']);
export type MessageSource = z.output<typeof sourceSchema>;

/** GET /celebration/get-celebration-message and save-celebration-message. */
export const personMessageSchema = z.object({
  employeeId: z.number().int(),
  type: celebrationTypeSchema,
  message: z.object({ id: z.number().int(), employeeId: z.number().int(), type: z.string(), message: z.string() }).nullable(),
  effective: z.string(),
  source: sourceSchema,
});
export type PersonMessage = z.output<typeof personMessageSchema>;

/** GET /celebration/get-company-celebration-message and save-company-celebration-message. */
export const companyMessageSchema = z.object({
  type: celebrationTypeSchema,
  message: z.object({ id: z.number().int(), type: z.string(), message: z.string() }).nullable(),
  effective: z.string(),
  source: sourceSchema,
});
export type CompanyMessage = z.output<typeof companyMessageSchema>;

const idSchema = z.object({ id: z.number().int() });

export const nextCelebrationsQueryOptions = () =>
  queryOptions({
    queryKey: celebrationKeys.next,
    queryFn: ({ signal }) => api.get('/celebration/next-celebrations', { schema: nextCelebrationsSchema, signal }),
  });
export const useNextCelebrations = () => useQuery(nextCelebrationsQueryOptions());

export const systemMessagesQueryOptions = (target: 'employee' | 'company') =>
  queryOptions({
    queryKey: celebrationKeys.system(target),
    queryFn: ({ signal }) => api.get('/celebration/get-system-messages', { query: { target }, schema: systemMessagesSchema, signal }),
    staleTime: Infinity,
  });
export const useSystemMessages = (target: 'employee' | 'company', enabled = true) => useQuery({ ...systemMessagesQueryOptions(target), enabled });

/** The system's default text of a type (for a target), or null when the server has none. */
export const systemMessageOf = (messages: readonly SystemMessage[] | undefined, type: CelebrationType): string | null =>
  messages?.find((m) => m.type === type)?.message ?? null;

export const personMessageQueryOptions = (employeeId: number, type: CelebrationType) =>
  queryOptions({
    queryKey: celebrationKeys.message(employeeId, type),
    queryFn: ({ signal }) => api.get('/celebration/get-celebration-message', { query: { employeeId, type }, schema: personMessageSchema, signal }),
    staleTime: 0,
  });
export const usePersonMessage = (employeeId: number, type: CelebrationType) => useQuery(personMessageQueryOptions(employeeId, type));

export function useSavePersonMessage(employeeId: number, type: CelebrationType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api.post('/celebration/save-celebration-message', { employeeId, type, message }, { schema: personMessageSchema }),
    onSuccess: (saved) => queryClient.setQueryData(celebrationKeys.message(employeeId, type), saved),
  });
}

export function useDeletePersonMessage(employeeId: number, type: CelebrationType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get('/celebration/delete-custom-celebration-message', { query: { id }, schema: idSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: celebrationKeys.message(employeeId, type) }),
  });
}

/** POST /celebration/email-now?type {employeeId}: mails the person their message now. */
export function useEmailNow() {
  return useMutation({
    mutationFn: ({ employeeId, type }: { employeeId: number; type: CelebrationType }) =>
      api.post('/celebration/email-now', { employeeId }, { query: { type }, schema: z.object({ sent: z.number() }) }),
  });
}

export const companyMessageQueryOptions = (type: CelebrationType) =>
  queryOptions({
    queryKey: celebrationKeys.company(type),
    queryFn: ({ signal }) => api.get('/celebration/get-company-celebration-message', { query: { type }, schema: companyMessageSchema, signal }),
  });
export const useCompanyMessage = (type: CelebrationType) => useQuery(companyMessageQueryOptions(type));

export function useSaveCompanyMessage(type: CelebrationType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api.post('/celebration/save-company-celebration-message', { type, message }, { schema: companyMessageSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(celebrationKeys.company(type), saved);
      // People without a message of their own now get this one.
      await queryClient.invalidateQueries({ queryKey: celebrationKeys.messages });
    },
  });
}

export function useDeleteCompanyMessage(type: CelebrationType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get('/celebration/delete-custom-company-celebration-message', { query: { id }, schema: idSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: celebrationKeys.company(type) });
      await queryClient.invalidateQueries({ queryKey: celebrationKeys.messages });
    },
  });
}

/** The client's check of a message: required; the length is held by the input. */
export const messageError = (message: string): string | null => (message.trim() ? null : MESSAGE_REQUIRED);
