import { useSyncExternalStore } from 'react';
import { decodeIdentity, isTokenExpired, type Identity } from './identity';
import { preferences, STORAGE_KEYS, type PreferenceStorage } from './storage';

export interface Session {
  token: string;
  identity: Identity;
}

type Listener = () => void;

/**
 * The signed-in session: the stored token and the identity read from its claims.
 * An unreadable or expired token is removed from storage when read (spec 000 §5).
 */
export class SessionStore {
  private listeners = new Set<Listener>();
  private cached: { token: string | null; session: Session | null } = { token: null, session: null };
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly storage: PreferenceStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current session, or null. Drops a stored token that is expired or unreadable. */
  get(): Session | null {
    const token = this.storage.get(STORAGE_KEYS.token);
    if (!token) return this.remember(null, null);
    if (token === this.cached.token && this.cached.session && !isTokenExpired(this.cached.session.identity, this.now())) {
      return this.cached.session;
    }
    const identity = decodeIdentity(token);
    if (!identity || isTokenExpired(identity, this.now())) {
      this.storage.remove(STORAGE_KEYS.token);
      this.remember(null, null);
      // get() runs while rendering (useSyncExternalStore); tell the others after this render.
      queueMicrotask(() => this.emit());
      return null;
    }
    return this.remember(token, { token, identity });
  }

  /** Stores a token issued by the server (login, refresh, password change). */
  setToken(token: string): Session | null {
    const identity = decodeIdentity(token);
    if (!identity) return null;
    this.storage.set(STORAGE_KEYS.token, token);
    this.storage.set(STORAGE_KEYS.utcOffset, String(identity.utcOffset));
    this.storage.set(STORAGE_KEYS.joyride, identity.joyride ? '1' : '0');
    const session = this.remember(token, { token, identity });
    this.emit();
    return session;
  }

  /** Marks the session as one that came from single sign-on. */
  setSsoLogin(sso: boolean): void {
    if (sso) this.storage.set(STORAGE_KEYS.ssoLogin, '1');
    else this.storage.remove(STORAGE_KEYS.ssoLogin);
  }

  isSsoLogin(): boolean {
    return this.storage.get(STORAGE_KEYS.ssoLogin) === '1';
  }

  /** Logout: clears all stored state. */
  clear(): void {
    this.storage.clear();
    this.remember(null, null);
    this.emit();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private remember(token: string | null, session: Session | null): Session | null {
    if (this.cached.token !== token || this.cached.session !== session) {
      this.cached = { token, session };
      this.scheduleExpiry(session);
    }
    return session;
  }

  /** Tells subscribers when the token runs out, so guards send the user to the login page. */
  private scheduleExpiry(session: Session | null): void {
    if (this.expiryTimer !== undefined) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (!session || typeof window === 'undefined') return;
    const ms = session.identity.exp * 1000 - this.now();
    // setTimeout overflows past ~24.8 days; such a token is re-checked on the next read anyway.
    if (ms > 0 && ms < 2 ** 31 - 1) {
      this.expiryTimer = setTimeout(() => this.get(), ms + 50);
    }
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}

export const sessionStore = new SessionStore(preferences);

/**
 * Opens the session of a sign-in answer (`{token, identity}` of /auth/login, of an impersonation
 * and of its exit): stores the token, whose claims are the identity, and whether it came from
 * single sign-on. Throws when the token cannot be read.
 */
export function startSession(token: string, { sso = false }: { sso?: boolean } = {}): Session {
  const session = sessionStore.setToken(token);
  if (!session) throw new Error('The server returned an unreadable session token.');
  sessionStore.setSsoLogin(sso);
  return session;
}

/** The current session, re-rendering when it changes (login, refresh, logout, expiry). */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get(), () => null);
}

/** The signed-in identity; only for components rendered behind a route guard. */
export function useIdentity(): Identity {
  const session = useSession();
  if (!session) throw new Error('useIdentity() used outside a signed-in route');
  return session.identity;
}
