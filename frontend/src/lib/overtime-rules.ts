import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

/**
 * GET /settings/overtime, the company's overtime rules (issue 37): the rule sets Timekeep knows (a
 * jurisdiction's), the rules in force today and every version the company chose, each from a date
 * on. Read by the settings screen (which changes them) and by the employee folder's overtime card
 * (the names of the rule sets a person's own rules choose from).
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
  /** `null` for the rules before any choice (since always): read as ''. */
  effectiveFrom: z
    .string()
    .nullable()
    .transform((v) => v ?? ''),
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

/** The overtime rules' key: every change of the company's rules names it. */
export const overtimeRulesKey = ['settings', 'overtime'] as const;

export const getOvertimeRules = (): Promise<OvertimeRules> => api.get('/settings/overtime', { schema: overtimeRulesSchema });

export const overtimeRulesQueryOptions = () => queryOptions({ queryKey: overtimeRulesKey, queryFn: getOvertimeRules });

export const useOvertimeRules = () => useQuery(overtimeRulesQueryOptions());
