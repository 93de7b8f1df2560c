import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { postLoginPath } from '@/lib/redirects';
import { startSession } from '@/lib/session';
import { isSsoPopup, SSO_POPUP_CLOSE_MS, ssoMessageData, type SsoMessage } from '@/lib/sso';
import { completeSso } from '../api/complete-sso';

export const CHECKING_AUTHORIZATION = 'Checking authorization...';

/** Where a signup page that was not a popup's opener picks up its SSO signup handle. */
export interface SsoSignupState {
  ssoAccessToken: string;
}

/**
 * /v4sso/auth-callback (spec 000 §4 "SSO callback"): sends the provider's answer to the server.
 * In the popup a login or signup page opened, it posts the result to that page (only to this
 * product's origin) and closes after 200 ms. Otherwise (popups blocked) it goes on itself: a
 * success stores the login and continues as a login does, a signup handle goes back to /signup,
 * a failure to /login?ssoFailed=1.
 */
export function SsoCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const query = useRef(Object.fromEntries(params));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = (message: SsoMessage) => {
      if (isSsoPopup()) {
        window.opener.postMessage(ssoMessageData(message), window.location.origin);
        window.setTimeout(() => window.close(), SSO_POPUP_CLOSE_MS);
        return;
      }
      if (message.type === 'sso-success') {
        try {
          const session = startSession(message.token, { sso: true });
          navigate(postLoginPath(session.identity, null), { replace: true });
        } catch {
          navigate('/login?ssoFailed=1', { replace: true });
        }
      } else if (message.type === 'sso-access-token') {
        const state: SsoSignupState = { ssoAccessToken: message.ssoAccessToken };
        navigate('/signup', { replace: true, state });
      } else {
        navigate('/login?ssoFailed=1', { replace: true });
      }
    };
    completeSso(query.current).then(
      (result) => {
        if (result.loginSucceeded && result.token) finish({ type: 'sso-success', token: result.token });
        else if (result.ssoAccessToken) finish({ type: 'sso-access-token', ssoAccessToken: result.ssoAccessToken });
        else finish({ type: 'sso-failed' });
      },
      () => finish({ type: 'sso-failed' }),
    );
  }, [navigate]);

  return (
    <AuthCard title="Single sign-on">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>{CHECKING_AUTHORIZATION}</Text>
      </Stack>
    </AuthCard>
  );
}
