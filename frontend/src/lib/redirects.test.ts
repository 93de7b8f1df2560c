import { describe, expect, it } from 'vitest';
import type { Role } from './identity';
import { accessDecision, homePathFor, landingRedirect, loginPathFor, postLoginPath, safeRedirectTarget, type Access } from './redirects';

const who = (role: Role, suspended = false) => ({ roles: [role], suspended });
const employee = who('employee');
const manager = who('manager');
const admin = who('admin');
const sysadmin = who('sysadmin');

describe('homePathFor (spec 000 §2 "Login redirects")', () => {
  it.each([
    ['system admin', sysadmin, '/sy5tem/adm1n'],
    ['suspended admin', who('admin', true), '/admin/manage/my-account?supended=1'],
    ['suspended manager', who('manager', true), '/'],
    ['suspended employee', who('employee', true), '/'],
    ['admin', admin, '/admin/dashboard'],
    ['manager', manager, '/admin/dashboard'],
    ['employee', employee, '/clockin'],
  ])('%s -> %s', (_label, person, expected) => {
    expect(homePathFor(person)).toBe(expected);
  });
});

describe('postLoginPath: the redirect query target', () => {
  it.each([
    // [who, redirect, expected]
    ['employee', employee, null, '/clockin'],
    ['employee', employee, '/change-my-password', '/change-my-password'],
    ['employee', employee, '/timesheet?start=2024-01-07', '/timesheet?start=2024-01-07'],
    ['employee', employee, '/admin/dashboard', '/clockin'],
    ['employee', employee, '/admin', '/clockin'],
    ['employee', employee, '/sy5tem/adm1n', '/clockin'],
    ['manager', manager, '/admin/inbox', '/admin/inbox'],
    ['manager', manager, '/sy5tem/stat', '/admin/dashboard'],
    ['admin', admin, '/admin/manage/settings#pto', '/admin/manage/settings#pto'],
    ['admin', admin, '/sy5tem/adm1n', '/admin/dashboard'],
    ['admin', admin, '/my-team', '/my-team'],
    ['system admin', sysadmin, '/sy5tem/stat', '/sy5tem/stat'],
    ['system admin', sysadmin, '/admin/dashboard', '/sy5tem/adm1n'],
    ['suspended admin', who('admin', true), '/admin/inbox', '/admin/manage/my-account?supended=1'],
    ['suspended employee', who('employee', true), '/my-team', '/'],
    // never another site, never a sign-in page
    ['employee', employee, 'https://evil.example/', '/clockin'],
    ['employee', employee, '//evil.example/x', '/clockin'],
    ['employee', employee, '/\\evil.example', '/clockin'],
    ['employee', employee, 'javascript:alert(1)', '/clockin'],
    ['employee', employee, '/login?redirect=/x', '/clockin'],
    ['employee', employee, '/logout', '/clockin'],
    ['admin', admin, '/admin-settings-lookalike', '/admin-settings-lookalike'],
    ['employee', employee, '/sy5temic', '/sy5temic'],
  ] as const)('%s with redirect %s -> %s', (_label, person, redirect, expected) => {
    expect(postLoginPath(person, redirect)).toBe(expected);
  });
});

describe('landingRedirect: a signed-in visitor of / keeps the query string', () => {
  it.each([
    [null, '?a=1', null],
    [sysadmin, '?a=1', '/sy5tem/adm1n?a=1'],
    [admin, '?x=2', '/admin/dashboard?x=2'],
    [manager, '', '/admin/dashboard'],
    [employee, '?man=1&sectoken=t', '/clockin?man=1&sectoken=t'],
  ] as const)('%o %s -> %s', (person, search, expected) => {
    expect(landingRedirect(person, search)).toBe(expected);
  });
});

describe('accessDecision: route guards', () => {
  const place = { pathname: '/admin/dashboard', search: '?week=1' };
  const cases: [string, Access, ReturnType<typeof who> | null, string | null][] = [
    ['visitor on a public page', 'public', null, null],
    ['visitor on a signed-in page', 'signedIn', null, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['visitor on a company page', 'company', null, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['visitor on an admin page', 'privileged', null, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['visitor on a system page', 'sysadmin', null, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['employee on a signed-in page', 'signedIn', employee, null],
    ['employee on a company page', 'company', employee, null],
    ['employee on an admin page', 'privileged', employee, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['employee on a system page', 'sysadmin', employee, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['manager on an admin page', 'privileged', manager, null],
    ['admin on an admin page', 'privileged', admin, null],
    ['visitor on an admins-only page', 'admin', null, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['employee on an admins-only page', 'admin', employee, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['manager on an admins-only page', 'admin', manager, '/admin/dashboard'],
    ['admin on an admins-only page', 'admin', admin, null],
    ['system admin on an admins-only page', 'admin', sysadmin, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['admin on a system page', 'sysadmin', admin, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['system admin on a system page', 'sysadmin', sysadmin, null],
    ['system admin on a company page', 'company', sysadmin, '/sy5tem/adm1n'],
    ['system admin on an admin page', 'privileged', sysadmin, '/login?redirect=%2Fadmin%2Fdashboard%3Fweek%3D1'],
    ['system admin on a signed-in page', 'signedIn', sysadmin, null],
  ];
  it.each(cases)('%s', (_label, access, person, expected) => {
    const decision = accessDecision(access, person, place);
    expect(decision).toEqual(expected === null ? { kind: 'allow' } : { kind: 'redirect', to: expected });
  });

  it.each([
    // [access, path, expected]: a suspended admin may open Billing only (spec 000 §4, §6).
    ['privileged', '/admin/dashboard', '/admin/manage/my-account?supended=1'],
    ['privileged', '/admin/manage', '/admin/manage/my-account?supended=1'],
    ['admin', '/admin/manage/batch-pto', '/admin/manage/my-account?supended=1'],
    ['company', '/my-team', '/admin/manage/my-account?supended=1'],
    ['admin', '/admin/manage/my-account', null],
    ['admin', '/admin/manage/my-account/', null],
    ['signedIn', '/change-my-password', null],
  ] as const)('a suspended admin on %s %s -> %s', (access, pathname, expected) => {
    const decision = accessDecision(access, who('admin', true), { pathname, search: '?supended=1' });
    expect(decision).toEqual(expected === null ? { kind: 'allow' } : { kind: 'redirect', to: expected });
  });

  it('leaves other people of a suspended company to the shell (it shows them the suspended message)', () => {
    expect(accessDecision('privileged', who('manager', true), { pathname: '/admin/dashboard' })).toEqual({ kind: 'allow' });
    expect(accessDecision('company', who('employee', true), { pathname: '/clockin' })).toEqual({ kind: 'allow' });
    // Billing stays admins only.
    expect(accessDecision('admin', who('manager', true), { pathname: '/admin/manage/my-account' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('a redirect produced by a guard is honoured by the login page for the right person', () => {
    const decision = accessDecision('privileged', null, { pathname: '/admin/inbox' });
    expect(decision.kind).toBe('redirect');
    const target = new URL(decision.kind === 'redirect' ? decision.to : '', 'http://x').searchParams.get('redirect');
    expect(postLoginPath(admin, target)).toBe('/admin/inbox');
    expect(postLoginPath(employee, target)).toBe('/clockin');
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['', null],
    ['/clockin', '/clockin'],
    ['  /clockin  ', '/clockin'],
    ['/a/../clockin', '/clockin'],
    ['clockin', null],
    ['http://127.0.0.1/x', null],
  ])('%s -> %s', (raw, expected) => {
    expect(safeRedirectTarget(raw)).toBe(expected);
  });

  it('builds /login?redirect=', () => {
    expect(loginPathFor('/change-my-password')).toBe('/login?redirect=%2Fchange-my-password');
  });
});
