import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { timesheetKeys } from './keys';

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
/** Minutes a server from before double time (issue 37) does not send: 0. */
const optionalMinutes = z.number().int().nullable().optional().transform((v) => v ?? 0);

/** A manager's approval of one person's period (a week or a pay period). */
export const periodReviewSchema = z.object({
  employeeId: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** Who approved it, by full name. */
  reviewedBy: z.string(),
  reviewedAt: z.string(),
});
export type PeriodReview = z.output<typeof periodReviewSchema>;

export const teamDaySchema = z.object({
  date: z.string(),
  workedMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  /** Under daily overtime rules only; not part of `overtimeMinutes`. */
  doubleTimeMinutes: optionalMinutes,
  timeOffMinutes: z.number().int(),
});
export type TeamDay = z.output<typeof teamDaySchema>;

export const teamRowSchema = z.object({
  employeeId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  avatar: nullableString,
  jobRole: nullableString,
  days: z.array(teamDaySchema),
  workedMinutes: z.number().int(),
  regularMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  doubleTimeMinutes: optionalMinutes,
  timeOffMinutes: z.number().int(),
  /** Still clocked in on a shift that began before today (a missed clock-out). */
  openShiftSince: nullableString,
  pendingEdits: z.number().int(),
  pendingTimeOff: z.number().int(),
  review: periodReviewSchema.nullable().optional().transform((v) => v ?? null),
  /** False on the viewer's own row: nobody approves their own. */
  mayApprove: z.boolean(),
});
export type TeamRow = z.output<typeof teamRowSchema>;

export const teamTimesheetSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.array(teamDaySchema),
  people: z.array(teamRowSchema),
  workedMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  doubleTimeMinutes: optionalMinutes,
  timeOffMinutes: z.number().int(),
});
export type TeamTimesheet = z.output<typeof teamTimesheetSchema>;

/** `week`: the Sunday–Saturday week; `payPeriod`: the company's pay period. */
export type TeamSpan = 'week' | 'payPeriod';

export interface TeamTimesheetParams {
  /** A day of the period ('YYYY-MM-DD'). */
  date: string;
  span: TeamSpan;
}

/** GET /timesheet/team?date&span: everyone the viewer reaches × the period's days. */
export const getTeamTimesheet = ({ date, span }: TeamTimesheetParams): Promise<TeamTimesheet> =>
  api.get('/timesheet/team', { query: { date, span }, schema: teamTimesheetSchema });

export const teamTimesheetQueryOptions = (params: TeamTimesheetParams) =>
  queryOptions({ queryKey: timesheetKeys.team(params), queryFn: () => getTeamTimesheet(params) });

/** The previous period stays on screen while the next loads (no flash of an empty table). */
export const useTeamTimesheet = (params: TeamTimesheetParams) =>
  useQuery({ ...teamTimesheetQueryOptions(params), placeholderData: keepPreviousData });
