import { isAdmin, isPrivileged, isSysadmin, type Identity } from './identity';

/**
 * Every redirect decision of the product, in one pure module (spec 000 §2 "Login redirects").
 * Routes declare an `Access` level; guards, the login page and the landing page ask this module
 * where a person should go. Nothing here touches the router, storage or the network.
 */

export const PATHS = {
  landing: '/',
  login: '/login',
  sysadminHome: '/sy5tem/adm1n',
  /** Where the system admin comes back to when leaving an impersonation (spec 000 §4). */
  sysadminImpersonate: '/sy5tem/impersonate',
  privilegedHome: '/admin/dashboard',
  employeeHome: '/clockin',
  /** Billing (spec 001 §2 /admin/manage/my-account): admins of a company with an HR subscription. */
  billing: '/admin/manage/my-account',
  /** 'supended' is the original's spelling and part of the contract. */
  suspendedAdmin: '/admin/manage/my-account?supended=1',
  suspendedUser: '/',
} as const;

/**
 * Who may open a route.
 * - public: everyone.
 * - signedIn: any signed-in person (e.g. /change-my-password).
 * - company: signed-in people of a company (employees, managers, admins); not the system admin.
 * - privileged: admins and managers (the /admin area).
 * - admin: company admins only (e.g. PTO Allocation); a manager goes to their home instead.
 * - sysadmin: the platform operator (the /sy5tem area).
 */
export type Access = 'public' | 'signedIn' | 'company' | 'privileged' | 'admin' | 'sysadmin';

type Who = Pick<Identity, 'roles' | 'suspended'>;

export interface Place {
  pathname: string;
  search?: string;
  hash?: string;
}

export type Decision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: Decision = { kind: 'allow' };
const redirectTo = (to: string): Decision => ({ kind: 'redirect', to });

export const isSystemArea = (pathname: string): boolean => pathname === '/sy5tem' || pathname.startsWith('/sy5tem/');
export const isAdminArea = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

const placeToString = ({ pathname, search = '', hash = '' }: Place): string => `${pathname}${search}${hash}`;

/** `/login?redirect={path}` for a place the person could not open. */
export function loginPathFor(place: Place | string): string {
  const target = typeof place === 'string' ? place : placeToString(place);
  return `${PATHS.login}?redirect=${encodeURIComponent(target)}`;
}

/** Where a person goes after logging in when nothing else is asked for. */
export function homePathFor(who: Who): string {
  if (isSysadmin(who)) return PATHS.sysadminHome;
  if (who.suspended) return isAdmin(who) ? PATHS.suspendedAdmin : PATHS.suspendedUser;
  if (isPrivileged(who)) return PATHS.privilegedHome;
  return PATHS.employeeHome;
}

const SIGN_IN_PAGES = ['/login', '/logout', '/signup', '/verify-email', '/reset-password', '/reset-password-now'];

/**
 * A redirect target from the query, if it is a path on this site (never another origin, never a
 * sign-in page, which would loop). Returns the normalised path with its query and hash.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://timekeep.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://timekeep.invalid') return null;
  if (SIGN_IN_PAGES.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * After a successful login. The redirect target is honoured, except that the admin and system
 * areas are ignored for people who are not admins or managers, and the system area for everyone
 * but the system admin. A suspended account always goes to its suspended destination.
 */
export function postLoginPath(who: Who, redirect: string | null | undefined): string {
  const home = homePathFor(who);
  if (who.suspended && !isSysadmin(who)) return home;
  const target = safeRedirectTarget(redirect);
  if (!target) return home;
  const pathname = target.replace(/[?#].*$/, '');
  if (isSystemArea(pathname)) return isSysadmin(who) ? target : home;
  if (isAdminArea(pathname)) return isPrivileged(who) ? target : home;
  return target;
}

/**
 * A signed-in visitor of the landing page: system admin to /sy5tem/adm1n, admins and managers to
 * /admin/dashboard, everyone else to the clock screen, keeping the query string.
 */
export function landingRedirect(who: Who | null, search = ''): string | null {
  if (!who) return null;
  const base = isSysadmin(who) ? PATHS.sysadminHome : isPrivileged(who) ? PATHS.privilegedHome : PATHS.employeeHome;
  return `${base}${search}`;
}

/**
 * Spec 000 §4/§6: a suspended company's admin may use Billing only; any other company screen sends
 * them there (their login destination). Others of a suspended company see the suspended message
 * in the shell instead, and pages open to every signed-in person (the password) stay open.
 */
const suspendedAdminAway = (who: Who, place: Place): Decision =>
  who.suspended && isAdmin(who) && !isSysadmin(who) && (place.pathname.replace(/\/+$/, '') || '/') !== PATHS.billing
    ? redirectTo(PATHS.suspendedAdmin)
    : allow;

/** The guard of a route: may this person open this place, and if not, where do they go. */
export function accessDecision(access: Access, who: Who | null, place: Place): Decision {
  if (access === 'public') return allow;
  if (!who) return redirectTo(loginPathFor(place));
  switch (access) {
    case 'signedIn':
      return allow;
    case 'company':
      // The system admin has no employee screens.
      return isSysadmin(who) ? redirectTo(PATHS.sysadminHome) : suspendedAdminAway(who, place);
    case 'privileged':
      return isPrivileged(who) ? suspendedAdminAway(who, place) : redirectTo(loginPathFor(place));
    case 'admin':
      if (!isPrivileged(who)) return redirectTo(loginPathFor(place));
      // A manager is signed in rightly, just not allowed here: their home, not the login page.
      return isAdmin(who) ? suspendedAdminAway(who, place) : redirectTo(homePathFor(who));
    case 'sysadmin':
      return isSysadmin(who) ? allow : redirectTo(loginPathFor(place));
  }
}
