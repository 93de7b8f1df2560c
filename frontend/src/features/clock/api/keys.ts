/**
 * Query keys of the clock. The status is keyed by employee so that another login never sees this
 * person's clock; a clock in or out replaces it and invalidates the overtime notice's reads and the
 * timesheets (`timesheets`, owned by the timesheet screens, named here by its key only).
 */
export const clockKeys = {
  status: (eid: number | null) => ['clock', 'status', { eid }] as const,
  /** Every read of when the running shift went into overtime (issue 37). */
  overtime: ['clock', 'overtime-since'] as const,
  /**
   * When the running shift `trackingNumber` of `eid` went into overtime, read for the company day
   * `date`. Keyed by the shift too, so that a new shift never shows the last one's answer.
   */
  overtimeSince: (eid: number | null, trackingNumber: number | null, date: string) =>
    ['clock', 'overtime-since', { eid, trackingNumber, date }] as const,
  /** GET /clock/pin: whether the person has a kiosk PIN (issue 40), keyed by who asks. */
  pin: (eid: number | null) => ['clock', 'pin', { eid }] as const,
  /** Every timesheet query. */
  timesheets: ['timesheet'] as const,
};
