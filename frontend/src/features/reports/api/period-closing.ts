import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import type { Period } from './filter';
import { reportKeys } from './keys';

/**
 * Closing a pay period for payroll (issue 40): once closed, its hours no longer change and its
 * payroll file is kept as it was; a change that reaches it later (after reopening and closing
 * again, or a correction the server lets through) is an adjustment paid by a later period's file.
 */

const nullableText = z.string().nullable().optional().transform((v) => v ?? null);

/** A period's lock: `lockedBy` null while `locked` means it closed by itself (the company's setting). */
export const periodLockSchema = z.object({
  start: z.string(),
  end: z.string(),
  locked: z.boolean(),
  lockedAt: nullableText,
  lockedBy: nullableText,
  lateChanges: z.boolean().optional().transform((v) => v ?? false),
});
export type PeriodLock = z.output<typeof periodLockSchema>;

export const HISTORY_KINDS = ['closed', 'auto_closed', 'reopened'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A line of a period's history, oldest first; `by` null for the automatic close. */
export const historyLineSchema = z.object({
  kind: z.string(),
  at: z.string(),
  by: nullableText,
  reason: nullableText,
});
export type HistoryLine = z.output<typeof historyLineSchema>;

/**
 * Late changes of one person's hours in a closed period (`from…`), paid by the file of `into…`
 * (null: the next period to close, not known yet). `carried`: in a closed file already; else
 * waiting for the next one. Hours as the file writes them ("1.50", "-0.25").
 */
export const adjustmentSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  fromStart: z.string(),
  fromEnd: z.string(),
  intoStart: nullableText,
  intoEnd: nullableText,
  totalCenti: z.number().int(),
  totalHours: z.string(),
  carried: z.boolean(),
});
export type Adjustment = z.output<typeof adjustmentSchema>;

/** GET /report/pay-period (and the answer of closing and reopening one). */
export const periodDetailSchema = z.object({
  period: periodLockSchema,
  history: z.array(historyLineSchema),
  adjustmentsIn: z.array(adjustmentSchema),
  adjustmentsOut: z.array(adjustmentSchema),
});
export type PeriodDetail = z.output<typeof periodDetailSchema>;

/** The server's texts of the reopen form (its field error, asked before sending too). */
export const CLOSING_TEXTS = {
  reasonMissing: 'Please say why the pay period is reopened',
} as const;

/** GET /report/pay-period?start&end (managers and admins): the lock, history and adjustments of a period. */
export const getPeriodDetail = (period: Period, signal?: AbortSignal): Promise<PeriodDetail> =>
  api.get('/report/pay-period', { query: { start: period.start, end: period.end }, signal, schema: periodDetailSchema });

export const periodDetailQueryOptions = (period: Period) =>
  queryOptions({ queryKey: reportKeys.payPeriodDetail(period), queryFn: ({ signal }) => getPeriodDetail(period, signal) });

/** The chosen period's detail; nothing is asked while none is chosen. */
export function usePeriodDetail(period: Period | null) {
  return useQuery({
    queryKey: period ? reportKeys.payPeriodDetail(period) : reportKeys.payPeriodDetails(),
    queryFn: period ? ({ signal }) => getPeriodDetail(period, signal) : skipToken,
  });
}

/** POST /report/pay-periods/close {start, end} (admins): 409 while it has not ended, someone is clocked in in it, a missed punch waits, or it is closed already. */
export const closePayPeriod = (period: Period): Promise<PeriodDetail> =>
  api.post('/report/pay-periods/close', { start: period.start, end: period.end }, { schema: periodDetailSchema });

/** POST /report/pay-periods/reopen {start, end, reason} (admins): the reason is required (400 on `reason`). */
export const reopenPayPeriod = ({ period, reason }: { period: Period; reason: string }): Promise<PeriodDetail> =>
  api.post('/report/pay-periods/reopen', { start: period.start, end: period.end, reason: reason.trim() }, { schema: periodDetailSchema });

/** After closing or reopening: the answer is the period's detail; the list marks locks, and other periods' adjustments may have moved. */
function useAfterLockChange() {
  const queryClient = useQueryClient();
  return async (detail: PeriodDetail) => {
    queryClient.setQueryData(reportKeys.payPeriodDetail(detail.period), detail);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: reportKeys.payPeriods() }),
      queryClient.invalidateQueries({ queryKey: reportKeys.payPeriodDetails() }),
    ]);
  };
}

export function useClosePayPeriod() {
  const after = useAfterLockChange();
  return useMutation({ mutationFn: closePayPeriod, onSuccess: after });
}

export function useReopenPayPeriod() {
  const after = useAfterLockChange();
  return useMutation({ mutationFn: reopenPayPeriod, onSuccess: after });
}
