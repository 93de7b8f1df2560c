/**
 * The installable app (issue 39): registers the service worker (src/sw.ts, built to /sw.js) in a
 * production build, a little after the first screen is drawn and once the browser is idle, so
 * the worker's download of the whole app (its precache) does not compete with the first screen's
 * own scripts and data.
 *
 * No reload, no prompt: a new build's worker installs in the background and takes over on the
 * next open of the app (sw.ts). An app left open for days (a phone resumes it, a wall tablet
 * never closes it) asks for a new worker when it is shown again, at most once an hour; the
 * browser checks on every navigation anyway.
 */
const AFTER_FIRST_SCREEN_MS = 2000;
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

function watchForUpdates(registration: ServiceWorkerRegistration) {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_EVERY_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  });
}

/** Call once the first screen has been rendered. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watchForUpdates, () => undefined);
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
      else register();
    }, AFTER_FIRST_SCREEN_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
