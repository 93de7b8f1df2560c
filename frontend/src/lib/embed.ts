/**
 * Embedded mode: Timekeep running inside another page (an iframe). The login page's `origin`
 * query names the embedding page; logout tells that page instead of showing the login form.
 */
const EMBED_ORIGIN_KEY = 'timekeep.embedOrigin';

export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent makes window.top inaccessible: embedded.
    return true;
  }
}

export function rememberEmbedOrigin(origin: string | null): void {
  if (!origin) return;
  try {
    window.sessionStorage.setItem(EMBED_ORIGIN_KEY, new URL(origin).origin);
  } catch {
    // not a URL, or no session storage: ignore
  }
}

/** Posts the logout message to the embedding page and forgets its origin. */
export function notifyParentOfLogout(): void {
  let origin: string | null;
  try {
    origin = window.sessionStorage.getItem(EMBED_ORIGIN_KEY);
    window.sessionStorage.removeItem(EMBED_ORIGIN_KEY);
  } catch {
    origin = null;
  }
  window.parent.postMessage({ type: 'timekeep-logout' }, origin ?? '*');
}
