import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { manageKeys, otherKeys } from './keys';

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/**
 * The fields of a time-off request (the contract's PtoRequestView) the folder's history shows.
 * `start` and `end` are the company's wall time 'YYYY-MM-DD HH:mm:ss'; `submitted` is an instant.
 * `status`: 0 pending, 3 approved, 4 denied, 5 cancelled.
 */
export const ptoRequestViewSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  typeName: nullableString,
  color: nullableString,
  partialday: z.boolean().nullable().optional().transform((v) => v ?? false),
  start: z.string(),
  end: z.string(),
  minutes: z.number().nullable().optional().transform((v) => v ?? 0),
  reason: nullableString,
  status: z.number().int(),
  statusLabel: nullableString,
  submitted: nullableString,
  actor: nullableString,
  actDate: nullableString,
  actComments: nullableString,
  /** The caller may cancel it (a manager or admin: pending, approved or denied). */
  canCancel: z.boolean().nullable().optional().transform((v) => v ?? false),
});
export type PtoRequestView = z.output<typeof ptoRequestViewSchema>;

/** The kinds of history entries (the contract's `dataType`). */
export const HISTORY_TYPES = {
  request: 'PTO_REQUEST',
  cancelled: 'PTO_CANCELLED',
  manual: 'MANUALLY_ADDITION',
  accrued: 'ACCRUED',
  newPlan: 'NEW_PTO_PLAN',
} as const;

export const ptoHistoryItemSchema = z.object({
  key: z.string(),
  dataType: z.string(),
  /** The company's day, 'YYYY-MM-DD'. */
  date: z.string(),
  year: z.number().int(),
  submitted: nullableString,
  /** The signed effect on the balance (a request: minus the minutes it asks). */
  minutes: z.number(),
  type: nullableString,
  ptoTypeId: z.number().int().nullable().optional(),
  reason: nullableString,
  policyName: nullableString,
  startingBalances: z
    .array(z.object({ ptoTypeName: z.string(), value: z.number() }))
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  creatorFirstname: nullableString,
  creatorLastname: nullableString,
  /** MANUALLY_ADDITION / NEW_PTO_PLAN: the id the removal names. */
  sourceId: z.number().int().nullable().optional().transform((v) => v ?? null),
  /** The caller may remove it (managers and admins; manual additions and plan switches). */
  removable: z.boolean().nullable().optional().transform((v) => v ?? false),
  request: ptoRequestViewSchema.nullable().optional().transform((v) => v ?? null),
});
export type PtoHistoryItem = z.output<typeof ptoHistoryItemSchema>;

export const ptoHistorySchema = z.object({ items: z.array(ptoHistoryItemSchema) });

/** GET /pto/history?eid: the person's time-off history, newest first. */
export const getPtoHistory = (employeeId: number) => api.get('/pto/history', { query: { eid: employeeId }, schema: ptoHistorySchema });

export const ptoHistoryQueryOptions = (employeeId: number) =>
  queryOptions({ queryKey: manageKeys.folderPtoHistory(employeeId), queryFn: () => getPtoHistory(employeeId) });

export const usePtoHistory = (employeeId: number) => useQuery(ptoHistoryQueryOptions(employeeId));

const cancelAnswerSchema = z.object({
  changed: z.boolean().optional().transform((v) => v ?? true),
  message: z.string().nullable().optional().transform((v) => v ?? null),
});

/** POST /pto/cancel-request?id → {request, changed, message}. */
export const cancelPtoRequest = (requestId: number) => api.post('/pto/cancel-request', {}, { query: { id: requestId }, schema: cancelAnswerSchema });

/**
 * Cancelling changes the person's balances (the folder's PTO card and history, the PTO screens, the
 * HR-folder list), and the inbox, the dashboard and the shell's bell when the request was pending.
 */
export function useCancelPtoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPtoRequest,
    onSuccess: () =>
      Promise.all([otherKeys.pto, otherKeys.inbox, otherKeys.dashboard, manageKeys.employees].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
