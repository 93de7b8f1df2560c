import { describe, expect, it } from 'vitest';
import { dashboardDataSchema } from './get-dashboard-data';
import { employeeHoursRowSchema } from './get-employee-hours';
import { pendingRequestsSchema } from './get-pending-requests';

const base = { payCycleStart: '2026-11-01', payCycleEnd: '2026-11-14' };

describe('dashboard schemas', () => {
  it("reads the pay cycle's PTO minutes, or works them out from the hours", () => {
    const withMinutes = dashboardDataSchema.parse({ ...base, stats: { clockedHours: 1, overtimeHours: 0, ptoMinutes: 1470, ptoHours: 24.5 }, ptoRequests: 2 });
    expect(withMinutes).toMatchObject({ ptoMinutes: 1470, ptoRequests: 2, timesheetEditRequests: 0 });
    expect(dashboardDataSchema.parse({ ...base, stats: { clockedHours: 1, overtimeHours: 0, ptoHours: 8.25 } }).ptoMinutes).toBe(495);
  });

  it('has no PTO figures from a server without them', () => {
    const data = dashboardDataSchema.parse({ ...base, stats: { clockedHours: 1.5, overtimeHours: 0 }, timesheetEditRequests: 1 });
    expect(data).toEqual({ ...base, timesheetEditRequests: 1, ptoRequests: 0, clockedMinutes: 90, overtimeMinutes: 0, doubleTimeMinutes: 0, ptoMinutes: null });
  });

  it("defaults an employee's PTO minutes to 0", () => {
    const row = { employeeId: 9, firstname: 'Emma', lastname: 'Brooks', minutes: 60 };
    expect(employeeHoursRowSchema.parse(row).pto).toBe(0);
    expect(employeeHoursRowSchema.parse({ ...row, pto: 480 }).pto).toBe(480);
  });

  it('reads pending time-off requests beside timesheet ones, and none from an older server', () => {
    const days = { start: '2026-12-01 00:00:00', end: '2026-12-03 23:59:59', minutes: 1440 };
    const timeOff = { id: 12, employeeId: 10, name: 'Liam Carter', type: 'Vacation', allday: 1, ...days, status: 0 };
    const parsed = pendingRequestsSchema.parse({ count: 1, timesheetEditRequests: [], timeoffRequests: [timeOff] });
    expect(parsed.timeoffRequests).toEqual([{ id: 12, employeeId: 10, name: 'Liam Carter', avatar: null, type: 'Vacation', createDate: null, allday: 1, ...days }]);
    expect(pendingRequestsSchema.parse({ count: 0 })).toEqual({ count: 0, timesheetEditRequests: [], timeoffRequests: [] });
  });
});
