/// <reference lib="webworker" />
/**
 * The service worker (issue 39), built by vite-plugin-pwa in `injectManifest` mode (vite.config.ts)
 * into `/sw.js` and registered by app/pwa.ts. Type-checked by tsconfig.sw.json (the WebWorker lib).
 *
 * - The app shell is precached: index.html and every built script, stylesheet and icon (hashed
 *   names; the build writes their list into `self.__WB_MANIFEST`). A repeat visit loads no script
 *   from the network, and the app opens offline.
 * - Every navigation of the app gets the precached index.html (the router takes it from there);
 *   the API (`/server/…`) and the health checks are never intercepted nor stored: where the
 *   browser knows static routes, they bypass this worker altogether.
 * - Updates: a new build's worker installs in the background and waits; it takes over when every
 *   window of the old one is closed (the next open), never in the middle of what someone does
 *   (no `skipWaiting`, no reload). A first install takes control at once (`clientsClaim`): that
 *   changes no code under the page, it only lets the page fetch its own lazily loaded screens
 *   from the precache.
 * - Background Sync: the `timekeep-outbox` tag (registered by the clock's outbox) wakes every
 *   window to send its queued presses (`{type: 'timekeep-outbox-flush'}`).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/**
 * Navigations the app shell does not answer: the API and the health checks (never from a cache),
 * and files of the site opened by their address (/robots.txt, /sw.js, /icons/…).
 */
const NOT_THE_APP = [/^\/server\//, /^\/healthz$/, /^\/readyz$/, /^\/assets\//, /^[^?]*\/[^/?]+\.[a-z0-9]+(?:\?|$)/i];

/** The Background Sync tag of the clock's outbox, and what the windows hear when it fires. */
const OUTBOX_SYNC_TAG = 'timekeep-outbox';
const OUTBOX_FLUSH_MESSAGE = { type: 'timekeep-outbox-flush' } as const;

/** The Service Worker Static Routing API (Chrome 123+): requests that never reach this worker. */
interface RouterInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: Array<{ condition: { urlPattern: string }; source: 'network' }>) => Promise<void>;
}

self.addEventListener('install', (event: RouterInstallEvent) => {
  if (typeof event.addRoutes !== 'function') return;
  try {
    event.waitUntil(event.addRoutes([{ condition: { urlPattern: '/server/*' }, source: 'network' }]).catch(() => undefined));
  } catch {
    // A browser that refuses the rule: the router below lets these requests through anyway.
  }
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_APP }));
clientsClaim();

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => windows.forEach((client) => client.postMessage(OUTBOX_FLUSH_MESSAGE))),
  );
}) as EventListener);
