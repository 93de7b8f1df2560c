import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { ptoTypeSchema } from '@/features/pto/api/pto-types';

export const jobRoleSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type JobRole = z.output<typeof jobRoleSchema>;

/** The company's time settings: clock-in opening time, phones, pay cycle and overtime threshold. */
export const timeSettingsSchema = z.object({
  dayStartAt: z.string().nullable(),
  mobileClockInDisabled: z.boolean(),
  payCycle: z.string(),
  payCycleAnchor: z.string(),
  weeklyOvertimeMinutes: z.number().int(),
});
export type TimeSettings = z.output<typeof timeSettingsSchema>;

/** The parts of GET /settings/data these screens read. */
export const settingsDataSchema = z.object({
  settings: timeSettingsSchema,
  jobroles: z.array(jobRoleSchema),
  ptotypes: z.array(ptoTypeSchema),
});
export type SettingsData = z.output<typeof settingsDataSchema>;

export const settingsKeys = { data: ['settings', 'data'] as const };

/** GET /settings/data: the settings lists; job roles active and inactive. */
export const getSettingsData = (): Promise<SettingsData> => api.get('/settings/data', { schema: settingsDataSchema });

export const settingsDataQueryOptions = () => queryOptions({ queryKey: settingsKeys.data, queryFn: getSettingsData });

export const useSettingsData = () => useQuery(settingsDataQueryOptions());
