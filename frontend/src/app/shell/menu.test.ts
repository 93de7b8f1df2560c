import { describe, expect, it } from 'vitest';
import { identitySchema, type IdentityClaims } from '@/lib/identity';
import { claims } from '@/testing/tokens';
import { mainMenuFor, quickAddFor } from './menu';

const who = (overrides: Partial<IdentityClaims>) => identitySchema.parse(claims(overrides));
const labels = (overrides: Partial<IdentityClaims>) => mainMenuFor(who(overrides)).map((e) => `${e.label} ${e.to}`);

describe('the main menu', () => {
  it('offers the Clock to everyone of a company: admins and managers clock in too', () => {
    for (const role of ['employee', 'manager', 'admin'] as const) expect(labels({ roles: [role] })).toContain('Clock /clockin');
    expect(labels({ roles: ['sysadmin'] })).not.toContain('Clock /clockin');
  });

  it('offers HR Folders and Settings to admins and managers', () => {
    for (const role of ['admin', 'manager'] as const) {
      expect(labels({ roles: [role] })).toEqual(expect.arrayContaining(['HR Folders /admin/manage', 'Settings /admin/manage/settings']));
    }
  });

  it('hides them from employees, the system admin and suspended accounts', () => {
    for (const overrides of [{ roles: ['employee'] }, { roles: ['sysadmin'] }, { roles: ['admin'], suspended: true }] as Partial<IdentityClaims>[]) {
      const menu = labels(overrides);
      expect(menu.some((l) => l.startsWith('HR Folders'))).toBe(false);
      expect(menu.some((l) => l.startsWith('Settings'))).toBe(false);
    }
  });

  it("offers employees 'My Time Off' and admins and managers 'Time Off', both at /pto, beside 'PTO'", () => {
    const employee = labels({ roles: ['employee'] });
    expect(employee).toContain('My Time Off /pto');
    expect(employee.some((l) => l.startsWith('Time Off') || l.startsWith('PTO '))).toBe(false);
    for (const role of ['admin', 'manager'] as const) {
      const menu = labels({ roles: [role] });
      expect(menu).toEqual(expect.arrayContaining(['Time Off /pto', 'PTO /admin/ptomanage']));
      expect(menu).not.toContain('My Time Off /pto');
    }
    expect(labels({ roles: ['sysadmin'] }).some((l) => l.endsWith(' /pto'))).toBe(false);
    expect(labels({ roles: ['employee'], suspended: true })).toEqual([]);
  });
});

describe('HR Broadcasts', () => {
  it('is in the menu of admins and managers only', () => {
    for (const role of ['admin', 'manager'] as const) expect(labels({ roles: [role] })).toContain('HR Broadcasts /admin/manage/hr-policy');
    for (const overrides of [{ roles: ['employee'] }, { roles: ['sysadmin'] }, { roles: ['admin'], suspended: true }] as Partial<IdentityClaims>[]) {
      expect(labels(overrides).some((l) => l.startsWith('HR Broadcasts'))).toBe(false);
    }
  });
});

describe('Reports', () => {
  it('is in the menu of admins and managers only, after Inbox and before My Company', () => {
    for (const role of ['admin', 'manager'] as const) {
      const menu = labels({ roles: [role] });
      expect(menu).toContain('Reports /admin/reports');
      expect(menu.indexOf('Reports /admin/reports')).toBe(menu.indexOf('Inbox /admin/inbox') + 1);
      expect(menu.indexOf('My Company /admin/manage/company-profile')).toBe(menu.indexOf('Reports /admin/reports') + 1);
    }
    for (const overrides of [{ roles: ['employee'] }, { roles: ['sysadmin'] }, { roles: ['manager'], suspended: true }] as Partial<IdentityClaims>[]) {
      expect(labels(overrides).some((l) => l.startsWith('Reports'))).toBe(false);
    }
  });
});

describe('My HR', () => {
  it('is in the menu of every member of a company, not of the system admin', () => {
    for (const role of ['employee', 'manager', 'admin'] as const) expect(labels({ roles: [role] })).toContain('My HR /my-hr');
    expect(labels({ roles: ['sysadmin'] })).not.toContain('My HR /my-hr');
    expect(labels({ roles: ['employee'], suspended: true })).toEqual([]);
  });
});

describe('Calendar and Celebrations', () => {
  it('are in the menu of every member of a company, right after My HR, not of the system admin nor a suspended account', () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const menu = labels({ roles: [role] });
      const myHr = menu.indexOf('My HR /my-hr');
      expect(menu.slice(myHr + 1, myHr + 3)).toEqual(['Calendar /team-calendar', 'Celebrations /celebrations']);
    }
    for (const overrides of [{ roles: ['sysadmin'] }, { roles: ['admin'], suspended: true }] as Partial<IdentityClaims>[]) {
      expect(labels(overrides).some((l) => l.startsWith('Calendar') || l.startsWith('Celebrations'))).toBe(false);
    }
  });
});

describe('the quick-add menu', () => {
  const entries = (overrides: Partial<IdentityClaims>) =>
    quickAddFor(who(overrides)).map((e) => `${e.label} ${'to' in e ? e.to : `(employee 9) ${e.pickEmployee(9)}`}`);

  it("offers admins and managers, in the spec's order, 'Add HR Broadcast', 'Add HR Event' (for an employee they choose), 'Add Employee' and 'Add Time Off'", () => {
    for (const role of ['admin', 'manager'] as const) {
      expect(entries({ roles: [role] })).toEqual([
        'Add HR Broadcast /admin/manage/hr-policy?startAdd=1',
        'Add HR Event (employee 9) /admin/manage/view-user/9?tab=2&autoStart=event',
        'Add Employee /admin/manage/add-user',
        'Add Time Off /pto?add=1',
      ]);
    }
  });

  it('offers nothing to employees, the system admin or a suspended account', () => {
    for (const overrides of [{ roles: ['employee'] }, { roles: ['sysadmin'] }, { roles: ['admin'], suspended: true }] as Partial<IdentityClaims>[]) {
      expect(entries(overrides)).toEqual([]);
    }
  });
});

describe('Audit Trail', () => {
  it('is in the menu of admins and managers before Settings (admins: API Keys and Webhooks between); Billing stays right after Settings', () => {
    for (const role of ['admin', 'manager'] as const) {
      const menu = labels({ roles: [role], hasHrSubscription: true });
      expect(menu).toContain('Audit Trail /admin/manage/audit');
      const between = role === 'admin' ? 3 : 1;
      expect(menu.indexOf('Settings /admin/manage/settings')).toBe(menu.indexOf('Audit Trail /admin/manage/audit') + between);
    }
    const adminMenu = labels({ roles: ['admin'], hasHrSubscription: true });
    const audit = adminMenu.indexOf('Audit Trail /admin/manage/audit');
    expect(adminMenu.slice(audit, audit + 4)).toEqual([
      'Audit Trail /admin/manage/audit',
      'API Keys /admin/manage/api-keys',
      'Webhooks /admin/manage/webhooks',
      'Settings /admin/manage/settings',
    ]);
    const managerMenu = labels({ roles: ['manager'], hasHrSubscription: true });
    expect(managerMenu).not.toContain('API Keys /admin/manage/api-keys');
    expect(managerMenu).not.toContain('Webhooks /admin/manage/webhooks');
    const admin = labels({ roles: ['admin'], hasHrSubscription: true });
    expect(admin.indexOf('Billing /admin/manage/my-account')).toBe(admin.indexOf('Settings /admin/manage/settings') + 1);
  });

  it('is not in the menu of employees, the system admin or a suspended account', () => {
    for (const overrides of [
      { roles: ['employee'] },
      { roles: ['sysadmin'] },
      { roles: ['admin'], suspended: true },
      { roles: ['manager'], suspended: true },
    ] as Partial<IdentityClaims>[]) {
      expect(labels(overrides).some((l) => l.startsWith('Audit Trail'))).toBe(false);
    }
  });
});

describe('Billing', () => {
  it('is in the menu of admins with an HR subscription only, after Settings', () => {
    const menu = labels({ roles: ['admin'], hasHrSubscription: true });
    expect(menu).toContain('Billing /admin/manage/my-account');
    expect(menu.indexOf('Billing /admin/manage/my-account')).toBe(menu.indexOf('Settings /admin/manage/settings') + 1);
    for (const overrides of [
      { roles: ['admin'], hasHrSubscription: false },
      { roles: ['manager'], hasHrSubscription: true },
      { roles: ['employee'], hasHrSubscription: true },
      { roles: ['sysadmin'], hasHrSubscription: true },
    ] as Partial<IdentityClaims>[]) {
      expect(labels(overrides).some((l) => l.startsWith('Billing'))).toBe(false);
    }
  });

  it("is a suspended admin's only entry; other people of a suspended company have none", () => {
    expect(labels({ roles: ['admin'], hasHrSubscription: true, suspended: true })).toEqual(['Billing /admin/manage/my-account']);
    expect(labels({ roles: ['manager'], hasHrSubscription: true, suspended: true })).toEqual([]);
    expect(labels({ roles: ['employee'], hasHrSubscription: true, suspended: true })).toEqual([]);
    expect(labels({ roles: ['admin'], hasHrSubscription: false, suspended: true })).toEqual([]);
  });
});

describe('the system area', () => {
  it("is the system admin's whole menu: the spec's five entries, then Employees, Audit log, Accrual health and Jobs", () => {
    expect(labels({ roles: ['sysadmin'], eid: null })).toEqual([
      'Customers /sy5tem/adm1n',
      'Statistics /sy5tem/stat',
      'Reset Password /sy5tem/resetpwd',
      'Impersonation /sy5tem/impersonate',
      'Promotions /sy5tem/promot',
      'Employees /sy5tem/employees',
      'Audit log /sy5tem/audit',
      'Accrual health /sy5tem/accrual-health',
      'Jobs /sy5tem/jobs',
    ]);
  });

  it('is in nobody else’s menu, an operator acting as a user included', () => {
    for (const overrides of [{ roles: ['employee'] }, { roles: ['manager'] }, { roles: ['admin'] }, { roles: ['admin'], impersonate: true }] as Partial<IdentityClaims>[]) {
      expect(labels(overrides).some((l) => l.includes('/sy5tem/'))).toBe(false);
    }
  });
});
