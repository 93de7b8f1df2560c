import { createOffsetClock } from '@/lib/outbox';

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The server's clock minus this phone's, measured from every clock answer (issue 39) and kept per
 * device (localStorage): a press made offline is recorded at its device time corrected by it.
 */
export const clockOffset = createOffsetClock(localStorageOrNull());
