import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { timesheetKeys } from './keys';

const minutes = z.number().nullable().optional().transform((v) => v ?? 0);

/** The rule set the figures were counted under (`custom`: the company's own thresholds). */
export const payRuleSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  citation: z.string().optional().transform((v) => v ?? ''),
});
export type PayRuleSet = z.output<typeof payRuleSetSchema>;

/** One workday's minutes by rate. */
export const payDaySchema = z.object({
  date: z.string(),
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  doubleTimeMinutes: minutes,
});
export type PayDay = z.output<typeof payDaySchema>;

/** GET /timesheet/pay-hours: a person's regular, overtime and double-time minutes in a range (issue 37). */
export const payHoursSchema = z.object({
  employeeId: z.number().int(),
  start: z.string(),
  end: z.string(),
  ruleSet: payRuleSetSchema,
  /** Workdays with time worked, in order. */
  days: z.array(payDaySchema).optional().transform((v) => v ?? []),
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  doubleTimeMinutes: minutes,
});
export type PayHours = z.output<typeof payHoursSchema>;

export interface PayHoursParams {
  start: string;
  end: string;
  /** Null: the signed-in person. */
  employeeId: number | null;
}

/** GET /timesheet/pay-hours?start&end&employeeId. */
export const getPayHours = ({ start, end, employeeId }: PayHoursParams): Promise<PayHours> =>
  api.get('/timesheet/pay-hours', { query: { start, end, employeeId: employeeId ?? undefined }, schema: payHoursSchema });

export const payHoursQueryOptions = (params: PayHoursParams) =>
  queryOptions({ queryKey: timesheetKeys.payHours(params), queryFn: () => getPayHours(params) });

export const usePayHours = (params: PayHoursParams) => useQuery(payHoursQueryOptions(params));
