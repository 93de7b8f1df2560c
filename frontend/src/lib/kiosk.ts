/**
 * Shared kiosks (issue 40, docs/contracts/places.md "Kiosks"): what the screens that register a
 * device (settings), set PINs (the clock page, the employee edit screen) and run the kiosk itself
 * (features/kiosk) agree on.
 *
 * The device's credential (the secret an admin saw once when registering it) is kept in
 * localStorage under its own key, apart from the session's keys (lib/storage.ts): signing a person
 * out never turns a kiosk back into an ordinary browser; only leaving kiosk mode (an admin's
 * sign-in) or clearing a revoked kiosk does.
 */

export const KIOSK_STORAGE_KEY = 'timekeep.kiosk';

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The kiosk credential of this device, or null when it is no kiosk. */
export function readKioskSecret(): string | null {
  try {
    const secret = localStorageOrNull()?.getItem(KIOSK_STORAGE_KEY)?.trim();
    return secret ? secret : null;
  } catch {
    return null;
  }
}

/** Makes this device a kiosk. Throws when the browser refuses to store it (private mode, storage full). */
export function storeKioskSecret(secret: string): void {
  const storage = localStorageOrNull();
  if (!storage) throw new Error('This browser does not let the app store the kiosk credential.');
  storage.setItem(KIOSK_STORAGE_KEY, secret);
}

/** This device is no kiosk any more. */
export function clearKioskSecret(): void {
  try {
    localStorageOrNull()?.removeItem(KIOSK_STORAGE_KEY);
  } catch {
    // Nothing stored, or storage refused: nothing to clear.
  }
}

/** What a PIN that will not do hears (the server's words, `errors.pin`). */
export const PIN_MESSAGE = 'Please choose a PIN of 4 to 6 digits that is hard to guess (not 1234, 0000, 1212 or the same digit)';

export const PIN_MIN_DIGITS = 4;
export const PIN_MAX_DIGITS = 6;

/** 4 to 6 digits: whether it is too easy to guess is the server's to say. */
export const isPinShaped = (pin: string): boolean => /^\d{4,6}$/.test(pin);

/** Keeps the digits of what was typed, at most six (a PIN field's onChange). */
export const pinDigits = (text: string): string => text.replace(/\D/g, '').slice(0, PIN_MAX_DIGITS);
