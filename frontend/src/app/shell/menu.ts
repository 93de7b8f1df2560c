import { isAdmin, isPrivileged, isSysadmin, type Identity } from '@/lib/identity';
import { PATHS } from '@/lib/redirects';

/**
 * The menus of the signed-in shell by role (spec 000 §6), as data. A later screen joins the menu by
 * adding its row here; only screens that exist are listed.
 *
 * Time off: employees find their own at 'My Time Off'; admins and managers at 'Time Off' (the same
 * /pto screen, with 'On Behalf Of'), beside 'PTO' (PTO Management, /admin/ptomanage).
 *
 * My HR: every member of a company. Spec 000 §6 lists it among the employees' entries; admins and
 * managers are employees too, with events and documents of their own (and their own tasks), so
 * they find it as well.
 *
 * Billing (/admin/manage/my-account): admins whose identity has `hasHrSubscription` (true for
 * every member of a company while the server has billing on; spec 000 §6, 001 §2). It is the only
 * entry of a suspended account (`whenSuspended`), and a suspended admin's only screen: the guards
 * send them there from any other (lib/redirects.ts).
 *
 * Still to come, with its visibility (spec 000 §6): privileged: HR Event.
 *
 * The system admin sees only the system area (spec 000 §6): Customers, Statistics, Reset
 * Password, Impersonation, Promotions, then this product's Employees, Audit log and Accrual health.
 *
 * Audit Trail (/admin/manage/audit, issue 43): admins and managers, as Settings, before it; then
 * API Keys (/admin/manage/api-keys) and Webhooks (/admin/manage/webhooks): admins only (Billing
 * stays right after Settings).
 *
 * Calendar (/team-calendar) and Celebrations (/celebrations): every member of a company (spec 000
 * §6 lists them for employees; admins and managers plan events and write messages there).
 */
export interface MenuEntry {
  label: string;
  to: string;
  /** Other paths whose pages belong to this entry (a company's page to Customers). */
  also?: readonly string[];
  visible: (who: Identity) => boolean;
  /** Shown to a suspended account (spec: only Billing). */
  whenSuspended?: boolean;
  /** The guided tour's name for this entry (`data-tour`; features/tour/tour-steps.ts). */
  tour?: string;
}

const companyUser = (who: Identity) => !isSysadmin(who);

/** Admins are pointed at billing in the trial reminder; the account screen holds billing. */
export const BILLING_PATH = PATHS.billing;
export const canManageBilling = (who: Identity): boolean => isAdmin(who) && !isSysadmin(who);

export const MAIN_MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: '/admin/dashboard', visible: (who) => companyUser(who) && isPrivileged(who), tour: 'menu-dashboard' },
  { label: 'HR Folders', to: '/admin/manage', visible: (who) => companyUser(who) && isPrivileged(who), tour: 'menu-hr-folders' },
  // Admins and managers clock in like everyone (spec 000 §6 lists Clock among the employees'
  // entries; it is theirs too).
  { label: 'Clock', to: '/clockin', visible: companyUser, tour: 'menu-clock' },
  { label: 'My Timesheet', to: '/timesheet', visible: (who) => companyUser(who) && !isPrivileged(who), tour: 'menu-timesheet' },
  { label: 'Timesheets', to: '/timesheet', visible: (who) => companyUser(who) && isPrivileged(who), tour: 'menu-timesheets' },
  { label: 'Team Timesheet', to: '/timesheet/team', visible: (who) => companyUser(who) && isPrivileged(who) },
  { label: 'My Time Off', to: '/pto', visible: (who) => companyUser(who) && !isPrivileged(who), tour: 'menu-time-off' },
  { label: 'Time Off', to: '/pto', visible: (who) => companyUser(who) && isPrivileged(who), tour: 'menu-time-off' },
  { label: 'My HR', to: '/my-hr', visible: companyUser, tour: 'menu-my-hr' },
  { label: 'Calendar', to: '/team-calendar', visible: companyUser },
  { label: 'Celebrations', to: '/celebrations', visible: companyUser },
  { label: 'HR Broadcasts', to: '/admin/manage/hr-policy', visible: (who) => companyUser(who) && isPrivileged(who), tour: 'menu-hr-broadcasts' },
  { label: 'Inbox', to: '/admin/inbox', visible: (who) => companyUser(who) && isPrivileged(who), tour: 'menu-inbox' },
  { label: 'Reports', to: '/admin/reports', visible: (who) => companyUser(who) && isPrivileged(who) },
  { label: 'My Company', to: '/admin/manage/company-profile', visible: (who) => companyUser(who) && isPrivileged(who) },
  { label: 'PTO', to: '/admin/ptomanage', visible: (who) => companyUser(who) && isPrivileged(who), tour: 'menu-pto' },
  { label: 'Licensing', to: '/admin/manage/licensing', visible: (who) => companyUser(who) && isPrivileged(who) },
  { label: 'Audit Trail', to: '/admin/manage/audit', visible: (who) => companyUser(who) && isPrivileged(who) },
  // Issue 43: admins only (a key acts as the admin who made it).
  { label: 'API Keys', to: '/admin/manage/api-keys', visible: (who) => companyUser(who) && isAdmin(who) },
  // Issue 43: admins only, as API Keys.
  { label: 'Webhooks', to: '/admin/manage/webhooks', visible: (who) => companyUser(who) && isAdmin(who) },
  { label: 'Settings', to: '/admin/manage/settings', visible: (who) => companyUser(who) && isPrivileged(who) },
  { label: 'Billing', to: BILLING_PATH, visible: (who) => canManageBilling(who) && who.hasHrSubscription, whenSuspended: true },
  { label: 'My Team', to: '/my-team', visible: (who) => companyUser(who) && !isPrivileged(who), tour: 'menu-my-team' },
  { label: 'Customers', to: '/sy5tem/adm1n', also: ['/sy5tem/company'], visible: isSysadmin },
  { label: 'Statistics', to: '/sy5tem/stat', visible: isSysadmin },
  { label: 'Reset Password', to: '/sy5tem/resetpwd', visible: isSysadmin },
  { label: 'Impersonation', to: '/sy5tem/impersonate', visible: isSysadmin },
  { label: 'Promotions', to: '/sy5tem/promot', visible: isSysadmin },
  { label: 'Employees', to: '/sy5tem/employees', visible: isSysadmin },
  { label: 'Audit log', to: '/sy5tem/audit', visible: isSysadmin },
  { label: 'Accrual health', to: '/sy5tem/accrual-health', visible: isSysadmin },
  { label: 'Jobs', to: '/sy5tem/jobs', visible: isSysadmin },
];

export function mainMenuFor(who: Identity, menu: readonly MenuEntry[] = MAIN_MENU): MenuEntry[] {
  return menu.filter((entry) => entry.visible(who) && (!who.suspended || isSysadmin(who) || entry.whenSuspended === true));
}

/**
 * The top bar's quick-add menu (spec 000 §2), admins and managers only (not while suspended), in
 * the spec's order. An entry either leads to a screen (`to`) or first asks for an employee
 * (`pickEmployee`) and then opens that person's folder at the path it builds.
 */
export type QuickAddEntry = { label: string; to: string } | { label: string; pickEmployee: (employeeId: number) => string };

/** 'Add HR Event': the chosen employee's folder on 'HR Events' with the add-event dock open. */
export const hrEventPathFor = (employeeId: number) => `/admin/manage/view-user/${employeeId}?tab=2&autoStart=event`;

/** 'Add HR Broadcast': the HR Broadcast History with the add panel open. */
export const HR_BROADCAST_ADD_PATH = '/admin/manage/hr-policy?startAdd=1';

export const QUICK_ADD_MENU: readonly QuickAddEntry[] = [
  { label: 'Add HR Broadcast', to: HR_BROADCAST_ADD_PATH },
  { label: 'Add HR Event', pickEmployee: hrEventPathFor },
  { label: 'Add Employee', to: '/admin/manage/add-user' },
  { label: 'Add Time Off', to: '/pto?add=1' },
];

export const quickAddFor = (who: Identity): QuickAddEntry[] =>
  !isSysadmin(who) && isPrivileged(who) && !who.suspended ? [...QUICK_ADD_MENU] : [];

export interface AccountMenuEntry {
  label: (who: Identity) => string;
  to: string;
  visible: (who: Identity) => boolean;
}

/** The avatar menu. */
export const ACCOUNT_MENU: readonly AccountMenuEntry[] = [
  { label: () => 'My Profile', to: '/my-profile', visible: (who) => !isSysadmin(who) },
  {
    label: (who) => (who.hasHashPassword ? 'Change Password' : 'Create Password'),
    to: '/change-my-password',
    visible: () => true,
  },
  // Hidden while impersonating: the system admin leaves through the impersonation banner.
  { label: () => 'Log out', to: '/logout', visible: (who) => !who.impersonate },
];

export const accountMenuFor = (who: Identity) => ACCOUNT_MENU.filter((entry) => entry.visible(who));

/**
 * The menu entry of the current page: the longest `to` (or `also` path) the path starts with, so
 * that /admin/manage/company-profile marks 'My Company' and not a shorter /admin/manage entry too.
 */
export function activeMenuPath(pathname: string, menu: readonly MenuEntry[]): string | null {
  const under = (path: string) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
  const matches = menu.flatMap((entry) => [entry.to, ...(entry.also ?? [])].filter(under).map((path) => ({ to: entry.to, length: path.length })));
  return matches.sort((a, b) => b.length - a.length)[0]?.to ?? null;
}
