/**
 * Query keys of the clock. The status is keyed by employee so that another login never sees this
 * person's clock; a clock in or out replaces it and invalidates the timesheets (`timesheets`,
 * owned by the timesheet screens, named here by its key only).
 */
export const clockKeys = {
  status: (eid: number | null) => ['clock', 'status', { eid }] as const,
  /** Every timesheet query. */
  timesheets: ['timesheet'] as const,
};
