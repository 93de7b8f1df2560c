import { useSyncExternalStore } from 'react';

/**
 * The global 'Please wait' modal: shown while any tracked operation runs. Route changes that load
 * code show it too (see app/root-layout.tsx).
 */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export async function withPleaseWait<T>(work: Promise<T>): Promise<T> {
  pending += 1;
  emit();
  try {
    return await work;
  } finally {
    pending -= 1;
    emit();
  }
}

export function usePleaseWait(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    () => false,
  );
}
