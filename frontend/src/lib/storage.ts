/**
 * Preference storage: localStorage when the browser allows it, otherwise cookies that last 365 days
 * (spec 000 §9). Every key Timekeep stores goes through here so that logout can clear them all.
 */

export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The stored session keys of spec 000 §9 (token, timezone offset, tour completion, SSO login). */
export const STORAGE_KEYS = {
  token: 'timekeep.token',
  utcOffset: 'timekeep.utcOffset',
  joyride: 'timekeep.joyride',
  ssoLogin: 'timekeep.ssoLogin',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = '__timekeep_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

function readCookie(key: string): string | null {
  const prefix = `${encodeURIComponent(key)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

function writeCookie(key: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export interface PreferenceStorage {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
  clear(): void;
}

/** Builds the storage; `local` is injectable for tests (pass null to force the cookie fallback). */
export function createPreferenceStorage(local: Storage | null = localStorageOrNull()): PreferenceStorage {
  if (local) {
    return {
      get: (key) => local.getItem(key),
      set: (key, value) => local.setItem(key, value),
      remove: (key) => local.removeItem(key),
      clear: () => Object.values(STORAGE_KEYS).forEach((key) => local.removeItem(key)),
    };
  }
  return {
    get: (key) => readCookie(key),
    set: (key, value) => writeCookie(key, value, COOKIE_MAX_AGE_SECONDS),
    remove: (key) => writeCookie(key, '', 0),
    clear: () => Object.values(STORAGE_KEYS).forEach((key) => writeCookie(key, '', 0)),
  };
}

export const preferences: PreferenceStorage = createPreferenceStorage();
