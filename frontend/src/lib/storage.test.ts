import { afterEach, describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/tokens';
import { SessionStore } from './session';
import { COOKIE_MAX_AGE_SECONDS, createPreferenceStorage, STORAGE_KEYS } from './storage';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

describe('preference storage', () => {
  afterEach(clearCookies);

  it('uses localStorage when available', () => {
    const storage = createPreferenceStorage(window.localStorage);
    storage.set(STORAGE_KEYS.utcOffset, '-300');
    expect(window.localStorage.getItem('timekeep.utcOffset')).toBe('-300');
    expect(storage.get(STORAGE_KEYS.utcOffset)).toBe('-300');
  });

  it('falls back to cookies lasting 365 days without localStorage', () => {
    expect(COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 3600);
    const storage = createPreferenceStorage(null);
    storage.set(STORAGE_KEYS.joyride, '1');
    expect(document.cookie).toContain('timekeep.joyride=1');
    expect(storage.get(STORAGE_KEYS.joyride)).toBe('1');
    storage.remove(STORAGE_KEYS.joyride);
    expect(storage.get(STORAGE_KEYS.joyride)).toBeNull();
  });

  it('logout clears every stored key, in both backends', () => {
    for (const storage of [createPreferenceStorage(window.localStorage), createPreferenceStorage(null)]) {
      const session = new SessionStore(storage);
      session.setToken(fakeToken());
      session.setSsoLogin(true);
      expect(storage.get(STORAGE_KEYS.token)).not.toBeNull();
      expect(storage.get(STORAGE_KEYS.utcOffset)).toBe('-300');
      expect(storage.get(STORAGE_KEYS.joyride)).toBe('1');
      expect(storage.get(STORAGE_KEYS.ssoLogin)).toBe('1');
      session.clear();
      for (const key of Object.values(STORAGE_KEYS)) expect(storage.get(key)).toBeNull();
      expect(session.get()).toBeNull();
    }
  });
});
