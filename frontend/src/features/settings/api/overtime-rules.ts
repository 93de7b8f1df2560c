import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/**
 * The company's overtime rules (issue 37): the rule sets Timekeep knows (a jurisdiction's), the
 * rules in force today and every version the company chose, each from a date on. Managers read
 * them; admins change them.
 */

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const nullableMinutes = z.number().int().nullable().optional().transform((v) => v ?? null);

/** A jurisdiction's rule set: what it does in plain language, the law it follows and where to read it. */
export const ruleSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string().optional().transform((v) => v ?? ''),
  citation: z.string().optional().transform((v) => v ?? ''),
  sources: z.array(z.string()).optional().transform((v) => v ?? []),
  effectiveFrom: nullableString,
  effectiveTo: nullableString,
});
export type RuleSet = z.output<typeof ruleSetSchema>;

/** One version of the company's rules; the minutes and percents are the company's own figures (`custom`). */
export const overtimeVersionSchema = z.object({
  effectiveFrom: z.string(),
  /** A rule set's id, or `custom`. */
  jurisdiction: z.string(),
  /** 0 = Sunday … 6 = Saturday. */
  workweekFirstDay: z.number().int(),
  /** 0–23. */
  workdayStartHour: z.number().int(),
  weeklyMinutes: nullableMinutes,
  dailyOvertimeMinutes: nullableMinutes,
  dailyDoubleMinutes: nullableMinutes,
  overtimePercent: z.number().optional().transform((v) => v ?? 150),
  doublePercent: z.number().optional().transform((v) => v ?? 200),
});
export type OvertimeVersion = z.output<typeof overtimeVersionSchema>;

/** GET /settings/overtime (and the answer of POST /settings/update-overtime). */
export const overtimeRulesSchema = z.object({
  ruleSets: z.array(ruleSetSchema),
  current: overtimeVersionSchema,
  /** Oldest first; empty while the company never chose (the time settings' weekly threshold applies). */
  versions: z.array(overtimeVersionSchema).optional().transform((v) => v ?? []),
});
export type OvertimeRules = z.output<typeof overtimeRulesSchema>;

/** The jurisdiction of the company's own figures. */
export const CUSTOM_JURISDICTION = 'custom';

/** POST /settings/update-overtime: the custom figures are sent only for `custom`. */
export interface OvertimeRulesChange {
  effectiveFrom: string;
  jurisdiction: string;
  workweekFirstDay: number;
  workdayStartHour: number;
  weeklyMinutes?: number | null;
  dailyOvertimeMinutes?: number | null;
  dailyDoubleMinutes?: number | null;
  overtimePercent?: number;
  doublePercent?: number;
}

export const getOvertimeRules = (): Promise<OvertimeRules> => api.get('/settings/overtime', { schema: overtimeRulesSchema });

export const overtimeRulesQueryOptions = () => queryOptions({ queryKey: settingsKeys.overtime, queryFn: getOvertimeRules });

export const useOvertimeRules = () => useQuery(overtimeRulesQueryOptions());

/** POST /settings/update-overtime (admins). */
export const updateOvertimeRules = (change: OvertimeRulesChange): Promise<OvertimeRules> =>
  api.post('/settings/update-overtime', change, { schema: overtimeRulesSchema });

export function useUpdateOvertimeRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOvertimeRules,
    onSuccess: async (data) => {
      queryClient.setQueryData(settingsKeys.overtime, data);
      // Overtime and double time everywhere follow the rules.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.overtime }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.timesheet }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.reports }),
      ]);
    },
  });
}
