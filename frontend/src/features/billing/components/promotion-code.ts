/**
 * The promotion code typed before leaving for the provider's checkout, kept for the return: the
 * activation (POST /myaccount/activate) sends it with the checkout's session id. Kept in the tab's
 * session storage, with the session id it was typed for, so that another checkout never picks it up.
 */
const KEY = 'timekeep.activationPromotCode';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers `code` for the checkout `sessionId` (a blank code forgets any). */
export function rememberPromotCode(sessionId: string, code: string): void {
  const value = code.trim();
  try {
    if (value) storage()?.setItem(KEY, JSON.stringify({ sessionId, code: value }));
    else storage()?.removeItem(KEY);
  } catch {
    // Storage full or refused: the activation goes on without the code.
  }
}

/** The code remembered for the checkout `sessionId`, or null. */
export function promotCodeFor(sessionId: string): string | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'sessionId' in parsed && 'code' in parsed && parsed.sessionId === sessionId && typeof parsed.code === 'string') {
      return parsed.code;
    }
  } catch {
    // Not ours.
  }
  return null;
}

/** Forgets the remembered code (once the activation has it). */
export function forgetPromotCode(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
