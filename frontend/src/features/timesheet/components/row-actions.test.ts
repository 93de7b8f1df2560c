import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/identity';
import { canAcceptMissedPunch, canAddShift, canPickEmployee, canReviewRequest, isRequester, rowActionsFor } from './row-actions';

const viewer = (role: Role, eid = 1) => ({ eid, roles: [role] });
const own = { employeeId: 1, entryStatus: 0 };
const report = { employeeId: 2, entryStatus: 0 };
const pendingReport = { employeeId: 2, entryStatus: 2 };
const labels = (v: ReturnType<typeof viewer>, e: typeof own) => rowActionsFor(v, e).map((a) => a.label);

describe('timesheet row actions by role (spec 000 §6)', () => {
  it("gives an employee Details, Comments, Change History and 'Request Edit' on their own rows", () => {
    expect(labels(viewer('employee'), own)).toEqual(['Details', 'Comments', 'Change History', 'Request Edit']);
  });

  it("gives an employee no edit request on someone else's row, and never Edit Now or Delete", () => {
    expect(labels(viewer('employee'), report)).toEqual(['Details', 'Comments', 'Change History']);
    expect(labels(viewer('employee'), pendingReport)).not.toContain('Delete');
  });

  it('gives a manager the edit-request options on reports\' rows, without Edit Now and Delete', () => {
    expect(labels(viewer('manager'), report)).toEqual(['Details', 'Comments', 'Change History', 'Request Edit']);
    expect(labels(viewer('manager'), pendingReport)).toEqual(['Details', 'Comments', 'Change History', 'Review Edit Request']);
    expect(labels(viewer('manager'), own)).toEqual(['Details', 'Comments', 'Change History', 'Request Edit']);
  });

  it("gives an admin alone 'Edit Now' and 'Delete'", () => {
    expect(labels(viewer('admin'), report)).toEqual(['Details', 'Comments', 'Change History', 'Request Edit', 'Edit Now', 'Delete']);
    expect(labels(viewer('admin'), pendingReport)).toContain('Review Edit Request');
  });

  it('lets admins and managers add shifts and pick the employee', () => {
    expect(canAddShift(viewer('admin'))).toBe(true);
    expect(canAddShift(viewer('manager'))).toBe(true);
    expect(canAddShift(viewer('employee'))).toBe(false);
    expect(canPickEmployee(viewer('manager'))).toBe(true);
    expect(canPickEmployee(viewer('employee'))).toBe(false);
  });

  it("lets admins review any request and managers their reports', not one about their own shift", () => {
    expect(canReviewRequest(viewer('manager'), 2)).toBe(true);
    expect(canReviewRequest(viewer('admin'), 2)).toBe(true);
    expect(canReviewRequest(viewer('manager'), 1)).toBe(false);
    expect(canReviewRequest(viewer('admin'), 1)).toBe(true);
    expect(canReviewRequest(viewer('employee'), 2)).toBe(false);
  });

  it('offers cancel to the requester: by requesterId when the server sends it, else the shift owner', () => {
    expect(isRequester(viewer('employee', 9), { employeeId: 9, requesterId: null })).toBe(true);
    expect(isRequester(viewer('manager', 2), { employeeId: 9, requesterId: null })).toBe(false);
    expect(isRequester(viewer('manager', 2), { employeeId: 9, requesterId: 2 })).toBe(true);
    expect(isRequester(viewer('employee', 9), { employeeId: 9, requesterId: 2 })).toBe(false);
  });

  it("lets admins and managers accept someone else's missed punch as is, nobody their own (issue 40)", () => {
    expect(canAcceptMissedPunch(viewer('manager'), report)).toBe(true);
    expect(canAcceptMissedPunch(viewer('admin'), report)).toBe(true);
    expect(canAcceptMissedPunch(viewer('manager'), own)).toBe(false);
    expect(canAcceptMissedPunch(viewer('admin'), own)).toBe(false);
    expect(canAcceptMissedPunch(viewer('employee'), own)).toBe(false);
    expect(canAcceptMissedPunch(viewer('employee'), report)).toBe(false);
  });
});
