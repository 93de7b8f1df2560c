import type { PayHoursParams } from './get-pay-hours';
import type { TeamTimesheetParams } from './get-team-timesheet';
import type { TimesheetListParams } from './get-timesheet-list';

/**
 * Query keys of the timesheets. Every write of a shift or an edit request (and every clock in or
 * out, and every response in the inbox) invalidates `all`: the lists, the shifts' details, their
 * changes, comments and requests, the pay cycle's hours and the week's regular / overtime /
 * double-time split (`payHours`) change together.
 */
export const timesheetKeys = {
  all: ['timesheet'] as const,
  list: (params: TimesheetListParams) => ['timesheet', 'list', params] as const,
  team: (params: TeamTimesheetParams) => ['timesheet', 'team', params] as const,
  details: (ts: number) => ['timesheet', 'details', { ts }] as const,
  changes: (ts: number) => ['timesheet', 'changes', { ts }] as const,
  comments: (ts: number) => ['timesheet', 'comments', { ts }] as const,
  requests: (ts: number) => ['timesheet', 'requests', { ts }] as const,
  paycycleClockedHours: (employeeId: number | null) => ['timesheet', 'paycycle-clocked-hours', { employeeId }] as const,
  paycycleOvertime: (employeeId: number | null) => ['timesheet', 'paycycle-overtime', { employeeId }] as const,
  /** GET /timesheet/pay-hours: minutes by rate of one person over a range. */
  payHours: (params: PayHoursParams) => ['timesheet', 'pay-hours', params] as const,
};

/**
 * Keys of other screens a timesheet write refreshes, named here by their keys only: settling a
 * missed punch takes it off the inbox's list and the dashboard's counts.
 */
export const otherKeys = {
  inbox: ['inbox'] as const,
  dashboard: ['dashboard'] as const,
};
