import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { postLoginPath } from '@/lib/redirects';
import { startSession } from '@/lib/session';
import { useSsoMessages } from '@/lib/sso';
import type { SignupInput } from '../api/signup';
import { useSsoSignup } from '../api/sso-signup';

interface SsoSignupFlowHandlers {
  /** A signup with SSO starts: the last message goes. */
  onStart: () => void;
  /** The provider's sign-in failed, or its session could not start. */
  onSsoFailed: () => void;
  /** The server refused the signup (its fields' messages, or the reason). */
  onError: (err: unknown) => void;
}

/**
 * Signing up with single sign-on: the popup's (or, with popups blocked, the callback page's)
 * handle is redeemed with what the form holds so far; a provider account that is someone's already
 * signs them in instead. Either way the session starts and the app goes on as after a login.
 */
export function useSsoSignupFlow(form: UseFormReturnType<SignupInput>, { onStart, onSsoFailed, onError }: SsoSignupFlowHandlers) {
  const ssoSignup = useSsoSignup();
  const navigate = useNavigate();

  /** Signed in (SSO): on as a login goes. */
  const enter = (token: string) => {
    try {
      const session = startSession(token, { sso: true });
      navigate(postLoginPath(session.identity, null), { replace: true });
    } catch {
      onSsoFailed();
    }
  };

  /** Redeems the handle the callback page passed on, with what the form holds so far. */
  const signUpWithSso = (ssoAccessToken: string) => {
    const values = form.getValues();
    onStart();
    ssoSignup.mutate(
      { ssoAccessToken, company: values.company, firstname: values.firstname, lastname: values.lastname, promotCode: values.promotCode, timezone: browserTimeZone() },
      {
        onSuccess: (data) => enter(data.token),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'sso_failed') return onSsoFailed();
          onError(err);
        },
      },
    );
  };
  const redeem = useRef(signUpWithSso);
  useEffect(() => {
    redeem.current = signUpWithSso;
  });

  useSsoMessages((sso) => {
    if (sso.type === 'sso-access-token') signUpWithSso(sso.ssoAccessToken);
    // The provider's account is someone's already: they are signed in instead.
    else if (sso.type === 'sso-success') enter(sso.token);
    else onSsoFailed();
  });

  // Popups blocked: the callback page came back here with the handle.
  const handed = (useLocation().state as { ssoAccessToken?: string } | null)?.ssoAccessToken ?? null;
  const redeemed = useRef(false);
  useEffect(() => {
    if (!handed || redeemed.current) return;
    redeemed.current = true;
    redeem.current(handed);
  }, [handed]);

  return { pending: ssoSignup.isPending };
}
