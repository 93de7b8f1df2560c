import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { reportKeys } from './keys';

const nullableText = z.string().nullable().optional().transform((v) => v ?? null);
const flag = z.boolean().optional().transform((v) => v ?? false);

/**
 * A pay period of the company: `closed` once its last day is behind the company's today; `locked`
 * once closed for payroll (issue 40) by an admin (`lockedBy`) or by itself (`lockedBy` null), its
 * hours then changing only by reopening it; `lateChanges` when a change reached it after it was
 * closed (paid by a later file). A server from before locking sends none of these: open.
 */
export const payPeriodSchema = z.object({
  start: z.string(),
  end: z.string(),
  closed: z.boolean(),
  locked: flag,
  lockedAt: nullableText,
  lockedBy: nullableText,
  lateChanges: flag,
});
export type PayPeriod = z.output<typeof payPeriodSchema>;

/** GET /report/pay-periods: the period holding today, then the closed ones before it, newest first. */
export const payPeriodsSchema = z.object({ payPeriods: z.array(payPeriodSchema) });

export const getPayPeriods = async (): Promise<PayPeriod[]> => (await api.get('/report/pay-periods', { schema: payPeriodsSchema })).payPeriods;

export const payPeriodsQueryOptions = () => queryOptions({ queryKey: reportKeys.payPeriods(), queryFn: getPayPeriods });
export const usePayPeriods = () => useQuery(payPeriodsQueryOptions());

/** What the payroll file is for until someone picks: the last closed period (a finished one is what gets paid), else the current one. */
export const defaultPayrollPeriod = <T extends Pick<PayPeriod, 'closed'>>(periods: readonly T[]): T | null =>
  periods.find((p) => p.closed) ?? periods[0] ?? null;
