import { describe, expect, it } from 'vitest';
import { identitySchema, type IdentityClaims } from '@/lib/identity';
import { claims } from '@/testing/tokens';
import { mainMenuFor } from './menu';

const who = (overrides: Partial<IdentityClaims>) => identitySchema.parse(claims(overrides));
const labels = (overrides: Partial<IdentityClaims>) => mainMenuFor(who(overrides)).map((e) => `${e.label} ${e.to}`);

describe('the main menu', () => {
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
});
