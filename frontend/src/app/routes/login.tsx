import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { FormAlert } from '@/components/form-alert';
import { loginAndStore } from '@/features/auth/api/login';
import { LoginForm } from '@/features/auth/components/login-form';
import { ApiError } from '@/lib/api-client';
import { rememberEmbedOrigin } from '@/lib/embed';
import { postLoginPath } from '@/lib/redirects';
import type { Session } from '@/lib/session';

/** Spec 000 §8 "SSO no match". */
export const SSO_NO_MATCH =
  'Oops! We were unable to find a user that matches this email address... Please make sure the email address of your single sign-on account matches the email address of your Timekeep account: you can update it in My Profile after logging in with your password, or contact your account admin.';

export const TOKEN_LOGIN_TEXT = 'Just a moment. We are loading the product ...';

/**
 * /login?redirect&token&origin&ssoFailed. A `token` logs in directly (exchanged for a fresh
 * session); otherwise the e-mail and password form, with single sign-on when configured.
 */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const redirect = params.get('redirect');
  const token = params.get('token');
  const ssoFailed = params.get('ssoFailed') === '1';
  const [tokenState, setTokenState] = useState<'loading' | 'failed' | null>(token ? 'loading' : null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const tokenTried = useRef(false);

  const goOn = (session: Session) => navigate(postLoginPath(session.identity, redirect), { replace: true });
  const goOnRef = useRef(goOn);
  useEffect(() => {
    goOnRef.current = goOn;
  });

  // The sign-in waits for this check (lib/embed.ts), so even the token flow names the page.
  useEffect(() => {
    void rememberEmbedOrigin(params.get('origin'));
  }, [params]);

  useEffect(() => {
    if (!token || tokenTried.current) return;
    tokenTried.current = true;
    loginAndStore({ token }).then(
      (session) => goOnRef.current(session),
      (err: unknown) => {
        setTokenError(err instanceof ApiError ? err.message : 'Something went horribly wrong!');
        setTokenState('failed');
      },
    );
  }, [token]);

  if (tokenState === 'loading') {
    return (
      <AuthCard title="Log In">
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text>{TOKEN_LOGIN_TEXT}</Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Log In"
      subtitle="Welcome back to Timekeep"
      footer={
        <Text size="sm">
          New to Timekeep?{' '}
          <Anchor component={Link} to="/signup" inherit>
            Start Free Trial
          </Anchor>
        </Text>
      }
    >
      <Stack gap="md">
        {notice ? <FormAlert color="green">{notice}</FormAlert> : null}
        {ssoFailed ? <FormAlert>{SSO_NO_MATCH}</FormAlert> : null}
        <LoginForm
          initialError={tokenError}
          onLoggedIn={goOn}
          onSsoFailed={() => navigate('/login?ssoFailed=1', { replace: true })}
        />
      </Stack>
    </AuthCard>
  );
}
