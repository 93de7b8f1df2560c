import { describe, expect, it } from 'vitest';
import { decodeIdentity } from '@/lib/identity';
import { fakeToken } from '@/testing/tokens';
import type { IdentityClaims } from '@/lib/identity';
import { ADMIN_TOUR_AFTER_STAFF, ADMIN_TOUR_BEFORE_STAFF, EMPLOYEE_TOUR, tourHome, tourOffered, tourStepsFor } from './tour-steps';

const identity = (claims: Partial<IdentityClaims>) => decodeIdentity(fakeToken(claims))!;

describe('the guided tour', () => {
  it("walks employees through Clock, My Team, Time Off, What's Happening, My HR and Timesheet", () => {
    const steps = tourStepsFor(identity({ roles: ['employee'] }), { staffAdded: false });
    expect(steps.map((step) => step.title)).toEqual(['Clock', 'My Team', 'Time Off', "What's Happening", 'My HR', 'Timesheet']);
    expect(steps).toBe(EMPLOYEE_TOUR);
    expect(tourHome(identity({ roles: ['employee'] }))).toBe('/clockin');
  });

  it('gives admins and managers the admin steps, which differ once staff came through the integration', () => {
    for (const role of ['admin', 'manager']) {
      expect(tourStepsFor(identity({ roles: [role] }), { staffAdded: false })).toBe(ADMIN_TOUR_BEFORE_STAFF);
      expect(tourStepsFor(identity({ roles: [role] }), { staffAdded: true })).toBe(ADMIN_TOUR_AFTER_STAFF);
      expect(tourHome(identity({ roles: [role] }))).toBeNull();
    }
    expect(ADMIN_TOUR_BEFORE_STAFF[0]?.description).toMatch(/^Start here: add your employees/);
    expect(ADMIN_TOUR_AFTER_STAFF[0]?.description).toMatch(/^Your staff are here/);
    expect(ADMIN_TOUR_BEFORE_STAFF.map((step) => step.target)).toEqual(ADMIN_TOUR_AFTER_STAFF.map((step) => step.target));
  });

  it('is offered when not completed, never while impersonating, to the system admin or to a blocked account', () => {
    const open = { accountBlocked: false };
    expect(tourOffered(identity({ joyride: false }), open)).toBe(true);
    expect(tourOffered(identity({ joyride: true }), open)).toBe(false);
    expect(tourOffered(identity({ joyride: false, impersonate: true }), open)).toBe(false);
    expect(tourOffered(identity({ joyride: false, roles: ['sysadmin'] }), open)).toBe(false);
    expect(tourOffered(identity({ joyride: false, suspended: true }), open)).toBe(false);
    expect(tourOffered(identity({ joyride: false }), { accountBlocked: true })).toBe(false);
  });
});
