import { useEffect, useRef } from 'react';

/**
 * The single sign-on popup (spec 000 §2 /signup, §4 "SSO callback"): the login and signup pages
 * open the server's authorization URL in a window of this name; the callback page
 * (/v4sso/auth-callback) knows by the name that it runs in that popup and posts its result to
 * the opener, only to this product's own origin, then closes.
 */
export const SSO_WINDOW_NAME = 'timekeep-sso';

/** How long the callback popup stays after posting its result. */
export const SSO_POPUP_CLOSE_MS = 200;

/** The failure message, as the spec names it. */
export const SSO_FAILED = 'sso-failed';

/**
 * Messages the callback page posts to its opener: a success with the session token, the
 * failure 'sso-failed', or the one-time signup handle (signing up with an address that is
 * nobody's yet).
 */
export type SsoMessage =
  | { type: 'sso-success'; token: string }
  | { type: 'sso-failed' }
  | { type: 'sso-access-token'; ssoAccessToken: string };

/** What the callback page posts for `message` (the failure is the bare string). */
export function ssoMessageData(message: SsoMessage): unknown {
  return message.type === 'sso-failed' ? SSO_FAILED : message;
}

export function parseSsoMessage(data: unknown): SsoMessage | null {
  if (data === SSO_FAILED) return { type: 'sso-failed' };
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (d.type === 'sso-success' && typeof d.token === 'string') return { type: 'sso-success', token: d.token };
  if (d.type === 'sso-failed') return { type: 'sso-failed' };
  if (d.type === 'sso-access-token' && typeof d.ssoAccessToken === 'string') {
    return { type: 'sso-access-token', ssoAccessToken: d.ssoAccessToken };
  }
  return null;
}

/** Whether this window is the popup a login or signup page opened. */
export function isSsoPopup(): boolean {
  return window.name === SSO_WINDOW_NAME && !!window.opener && window.opener !== window;
}

/**
 * Opens `url` (the server's authorization URL) in the SSO popup; when popups are blocked the
 * same flow runs in this window, and the callback page then goes on by itself.
 */
export function openSsoPopup(url: string): void {
  const popup = window.open(url, SSO_WINDOW_NAME, 'width=520,height=680');
  if (!popup) window.location.assign(url);
}

/** Calls `onMessage` with each SSO message posted to this window from this product's own origin. */
export function useSsoMessages(onMessage: (message: SsoMessage) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const message = parseSsoMessage(event.data);
      if (message) handler.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
}
