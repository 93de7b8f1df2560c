/**
 * Query keys of the dashboard. Other screens invalidate `all` after a change the dashboard shows
 * (a response in the inbox, a cancelled time off, the time settings).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  data: ['dashboard', 'data'] as const,
  dailyHours: ['dashboard', 'daily-hours'] as const,
  /** Who is in overtime now or near it (issue 37). */
  approachingOvertime: ['dashboard', 'approaching-overtime'] as const,
  /** The guided start's checklist (admins). */
  setup: ['dashboard', 'setup'] as const,
  /** Shared with the shell's bell. */
  pendingRequests: ['dashboard', 'pending-requests'] as const,
  employeeHours: (week: { start: string; end: string }) => ['dashboard', 'employee-hours', { start: week.start, end: week.end }] as const,
};
