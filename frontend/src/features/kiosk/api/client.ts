import { ApiError, createApiClient, type RequestOptions } from '@/lib/api-client';
import { SessionStore } from '@/lib/session';
import type { PreferenceStorage } from '@/lib/storage';

/**
 * The kiosk's own API client. A kiosk sends only the device's credential
 * (`Authorization: Kiosk <secret>`, docs/contracts/places.md): it is built over a session store
 * that never holds a token, so no person's bearer token ever goes with a kiosk call (the server
 * answers a session 401 there), and a 401 here (a revoked kiosk) never signs anyone out.
 */
const noStorage: PreferenceStorage = {
  get: () => null,
  set: () => undefined,
  remove: () => undefined,
  clear: () => undefined,
};

const kioskClient = createApiClient({ session: new SessionStore(noStorage), fetch: (...args) => window.fetch(...args) });

/** The header of every kiosk call. */
export const kioskAuthorization = (secret: string): Record<string, string> => ({ Authorization: `Kiosk ${secret}` });

export const kioskGet = <T>(secret: string, path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}): Promise<T> =>
  kioskClient.get<T>(path, { ...options, headers: { ...options.headers, ...kioskAuthorization(secret) } });

export const kioskPost = <T>(secret: string, path: string, body: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}): Promise<T> =>
  kioskClient.post<T>(path, body, { ...options, headers: { ...options.headers, ...kioskAuthorization(secret) } });

/**
 * The kiosk was revoked (or its credential is unknown): every kiosk route answers 401
 * `unauthorized`. An admin's wrong sign-in when leaving kiosk mode is 401 too, but
 * `invalid_credentials`.
 */
export const isRevoked = (error: unknown): boolean => error instanceof ApiError && error.status === 401 && error.code !== 'invalid_credentials';
