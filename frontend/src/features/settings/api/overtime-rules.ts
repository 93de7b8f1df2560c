import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { overtimeRulesSchema, type OvertimeRules } from '@/lib/overtime-rules';
import { settingsKeys } from './keys';

/**
 * The company's overtime rules (issue 37): the rule sets Timekeep knows (a jurisdiction's), the
 * rules in force today and every version the company chose, each from a date on. Managers read
 * them; admins change them. The read lives in `src/lib/overtime-rules` (the employee folder's
 * overtime card reads the rule sets too); the change lives here.
 */

export {
  getOvertimeRules,
  overtimeRulesQueryOptions,
  useOvertimeRules,
  overtimeRulesSchema,
  overtimeVersionSchema,
  ruleSetSchema,
  type OvertimeRules,
  type OvertimeVersion,
  type RuleSet,
} from '@/lib/overtime-rules';

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
