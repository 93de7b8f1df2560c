import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { createOutboxEngine, type OutboxView } from '@/lib/outbox';
import { outboxStore } from '@/lib/outbox-idb';
import { sessionStore } from '@/lib/session';
import { saveLastStatus, snapshotOf, type ClockStatus } from './get-clock-status';
import { clockKeys } from './keys';
import { sendOfflinePress } from './offline-press';
import { clockOffset } from './offset';

/** The Background Sync tag the service worker answers with a flush message (issue 39). */
export const OUTBOX_SYNC_TAG = 'timekeep-outbox';
/** What the service worker posts to its pages when Background Sync fires. */
export const OUTBOX_FLUSH_MESSAGE = 'timekeep-outbox-flush';
/** While presses wait, they are tried again this often. */
export const OUTBOX_RETRY_MS = 30_000;

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake the service worker once the network is back (where it can). */
function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

/**
 * The phone's outbox of clock presses: presses made without a network, sent in order through
 * POST /clock/offline-press by the signed-in person's session only (lib/outbox.ts).
 */
export const clockOutbox = createOutboxEngine<ClockStatus>({
  store: outboxStore(),
  send: sendOfflinePress,
  currentEid: () => sessionStore.get()?.identity.eid ?? null,
  offset: clockOffset,
  onAnswer: (eid, _entry, answer, receivedAt) => saveLastStatus(eid, snapshotOf(answer.status, receivedAt)),
  requestSync: requestBackgroundSync,
});

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Sends the signed-in person's presses now, unless the browser knows it is offline. */
export function flushOutbox(): void {
  if (isOffline()) return;
  void clockOutbox.flush().catch(() => undefined);
}

/** One person's outbox as it is now (re-rendering on every change), read from the store once. */
export function useClockOutbox(eid: number | null): OutboxView<ClockStatus> {
  const view = useSyncExternalStore(
    clockOutbox.subscribe,
    () => clockOutbox.view(eid),
    () => clockOutbox.view(eid),
  );
  useEffect(() => {
    if (eid !== null) void clockOutbox.load(eid).catch(() => undefined);
  }, [eid]);
  return view;
}

let watchers = 0;
let unwatch: (() => void) | null = null;

/** The page's triggers of a flush: back online, back to the tab, the service worker, a timer. */
function watch(): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') flushOutbox();
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_FLUSH_MESSAGE) flushOutbox();
  };
  const worker = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  window.addEventListener('online', flushOutbox);
  window.addEventListener('focus', flushOutbox);
  document.addEventListener('visibilitychange', onVisible);
  worker?.addEventListener('message', onMessage);
  const timer = setInterval(() => {
    const eid = sessionStore.get()?.identity.eid ?? null;
    if (eid !== null && clockOutbox.view(eid).entries.length > 0) flushOutbox();
  }, OUTBOX_RETRY_MS);
  return () => {
    window.removeEventListener('online', flushOutbox);
    window.removeEventListener('focus', flushOutbox);
    document.removeEventListener('visibilitychange', onVisible);
    worker?.removeEventListener('message', onMessage);
    clearInterval(timer);
  };
}

/**
 * Keeps the signed-in person's outbox moving while the app is open (the shell and the clock use it):
 * a flush when it opens or someone signs in, and on every trigger above. Each answered press
 * replaces the clock's status and refreshes the timesheets.
 */
export function useOutboxSync(eid: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    watchers += 1;
    if (watchers === 1) unwatch = watch();
    return () => {
      watchers -= 1;
      if (watchers === 0) {
        unwatch?.();
        unwatch = null;
      }
    };
  }, []);

  useEffect(() => {
    if (eid === null) return undefined;
    flushOutbox();
    let seen = clockOutbox.view(eid).lastAnswer;
    return clockOutbox.subscribe(() => {
      const answer = clockOutbox.view(eid).lastAnswer;
      if (!answer || answer === seen) return;
      seen = answer;
      queryClient.setQueryData(clockKeys.status(eid), snapshotOf(answer.status, answer.receivedAt));
      if (answer.status.status === 1 || answer.status.status === 2) void queryClient.invalidateQueries({ queryKey: clockKeys.overtime });
      else queryClient.removeQueries({ queryKey: clockKeys.overtime });
      void queryClient.invalidateQueries({ queryKey: clockKeys.timesheets });
    });
  }, [eid, queryClient]);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser believes it is online (`navigator.onLine`), re-rendering when that changes. */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribeOnline,
    () => !isOffline(),
    () => true,
  );
