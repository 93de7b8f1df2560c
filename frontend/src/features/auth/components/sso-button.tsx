import { Button, Divider } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSignupData } from '../api/get-signup-data';

/** The popup's window name; the SSO callback page checks it to know it runs in the popup. */
export const SSO_WINDOW_NAME = 'timekeep-sso';

/**
 * Messages the SSO callback page posts to its opener (spec 000 §4 "SSO callback"):
 * a success with the session token, 'sso-failed', or an access token (for SSO signup).
 */
export type SsoMessage =
  | { type: 'sso-success'; token: string }
  | { type: 'sso-failed' }
  | { type: 'sso-access-token'; ssoAccessToken: string };

export function parseSsoMessage(data: unknown): SsoMessage | null {
  if (data === 'sso-failed') return { type: 'sso-failed' };
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (d.type === 'sso-success' && typeof d.token === 'string') return { type: 'sso-success', token: d.token };
  if (d.type === 'sso-failed') return { type: 'sso-failed' };
  if (d.type === 'sso-access-token' && typeof d.ssoAccessToken === 'string') {
    return { type: 'sso-access-token', ssoAccessToken: d.ssoAccessToken };
  }
  return null;
}

interface SsoButtonProps {
  onToken: (token: string) => void;
  onFailed: () => void;
}

/** Shown only when the server has single sign-on configured (authorizationUrl not null). */
export function SsoButton({ onToken, onFailed }: SsoButtonProps) {
  const { data } = useSignupData();
  const handlers = useRef({ onToken, onFailed });
  useEffect(() => {
    handlers.current = { onToken, onFailed };
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const message = parseSsoMessage(event.data);
      if (message?.type === 'sso-success') handlers.current.onToken(message.token);
      else if (message?.type === 'sso-failed') handlers.current.onFailed();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const url = data?.authorizationUrl;
  if (!url) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" styles={{ label: { color: 'var(--mantine-color-dimmed)' } }} />
      <Button
        variant="default"
        fullWidth
        onClick={() => {
          const popup = window.open(url, SSO_WINDOW_NAME, 'width=520,height=680');
          // Popups blocked: go through the same flow in this window.
          if (!popup) window.location.assign(url);
        }}
      >
        Log in with single sign-on
      </Button>
    </>
  );
}
