import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { payRuleSetSchema } from './get-pay-hours';
import { timesheetKeys } from './keys';

/** Minutes a server from before double time (issue 37) does not send: 0. */
const optionalMinutes = z.number().nullable().optional().transform((v) => v ?? 0);

export const paycycleOvertimeSchema = z.object({
  payCycleStart: z.string(),
  payCycleEnd: z.string(),
  thresholdMinutes: z.number(),
  totalOvertimeMinutes: z.number(),
  /** Under daily overtime rules only; not part of the overtime. */
  totalDoubleTimeMinutes: optionalMinutes,
  weeks: z.array(
    z.object({ weekStart: z.string(), weekEnd: z.string(), minutes: z.number(), overtimeMinutes: z.number(), doubleTimeMinutes: optionalMinutes }),
  ),
  /** The rules the figures were counted under (none from an older server). */
  ruleSet: payRuleSetSchema.nullable().optional().transform((v) => v ?? null),
});
export type PaycycleOvertime = z.output<typeof paycycleOvertimeSchema>;

/** GET /timesheet/paycycle-overtime-hours?v=1&start&end&employeeId (no dates: the current pay cycle). */
export const getPaycycleOvertime = (employeeId: number | null): Promise<PaycycleOvertime> =>
  api.get('/timesheet/paycycle-overtime-hours', { query: { v: 1, employeeId: employeeId ?? undefined }, schema: paycycleOvertimeSchema });

export const paycycleOvertimeQueryOptions = (employeeId: number | null) =>
  queryOptions({
    queryKey: timesheetKeys.paycycleOvertime(employeeId),
    queryFn: () => getPaycycleOvertime(employeeId),
  });

export const usePaycycleOvertime = (employeeId: number | null) => useQuery(paycycleOvertimeQueryOptions(employeeId));
