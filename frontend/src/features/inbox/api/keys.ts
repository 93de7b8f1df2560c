import type { InboxParams } from './get-inbox';

/**
 * Query keys of the inbox. A response invalidates `all`, the dashboard (its pending card and the
 * shell's bell) and what it changed: the timesheets or the PTO (`others`, named here by their keys only).
 */
export const inboxKeys = {
  all: ['inbox'] as const,
  data: (params: InboxParams) => ['inbox', 'data', params] as const,
  /** GET /timesheet/missed: the missed punches waiting for a decision (issue 40). */
  missed: ['inbox', 'missed'] as const,
};

/** Keys of other screens a response refreshes, named here by their keys only. */
export const otherKeys = {
  dashboard: ['dashboard'] as const,
  timesheet: ['timesheet'] as const,
  pto: ['pto'] as const,
};
