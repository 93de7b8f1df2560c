import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

/**
 * GET /settings/data, the company's settings lists: read by the settings screen (time settings, job
 * roles) and by the PTO sections it embeds and the employee folder's PTO card (the PTO types).
 */

export const jobRoleSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type JobRole = z.output<typeof jobRoleSchema>;

/** A job role's own yearly allowance of a type (hours, two decimals at most). */
export const ptoTypeOverrideSchema = z.object({ jobroleId: z.number().int(), hours: z.number() });

/** A PTO type (spec 002 §3): payable and available are 1/0 as the server sends them. */
export const ptoTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  payable: z.number().int(),
  available: z.number().int(),
  allowDelete: z.boolean(),
  overrides: z.array(ptoTypeOverrideSchema),
});
export type PtoType = z.output<typeof ptoTypeSchema>;

/** Days a press's position and network address are kept when the company has not chosen (issue 40). */
export const DEFAULT_POSITION_RETENTION_DAYS = 90;

/**
 * The company's time settings: clock-in opening time, phones, pay cycle and overtime threshold,
 * whether managers are mailed about overtime (an older server does not send it: off), and how many
 * days the positions and network addresses of presses are kept (issue 40; unsent: the default 90).
 */
export const timeSettingsSchema = z.object({
  dayStartAt: z.string().nullable(),
  mobileClockInDisabled: z.boolean(),
  payCycle: z.string(),
  payCycleAnchor: z.string(),
  weeklyOvertimeMinutes: z.number().int(),
  overtimeAlertEmails: z.boolean().optional().default(false),
  positionRetentionDays: z.number().int().optional().default(DEFAULT_POSITION_RETENTION_DAYS),
  /** Minutes: a shift still open this long is closed provisionally as a missed punch (issue 40). */
  maxShiftMinutes: z.number().int().optional().default(14 * 60),
  autoLockDays: z.number().int().nullable().optional().transform((v) => v ?? null),
  endReminderMinutes: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type TimeSettings = z.output<typeof timeSettingsSchema>;

/** The parts of GET /settings/data these screens read. */
export const settingsDataSchema = z.object({
  settings: timeSettingsSchema,
  jobroles: z.array(jobRoleSchema),
  ptotypes: z.array(ptoTypeSchema),
});
export type SettingsData = z.output<typeof settingsDataSchema>;

/** The settings lists' key: every change of a job role, a PTO type, a plan or the time settings names it. */
export const settingsDataKey = ['settings', 'data'] as const;

/** GET /settings/data: the settings lists; job roles active and inactive. */
export const getSettingsData = (): Promise<SettingsData> => api.get('/settings/data', { schema: settingsDataSchema });

export const settingsDataQueryOptions = () => queryOptions({ queryKey: settingsDataKey, queryFn: getSettingsData });

export const useSettingsData = () => useQuery(settingsDataQueryOptions());
