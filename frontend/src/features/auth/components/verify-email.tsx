import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import type { Session } from '@/lib/session';
import { signIn, type TwoFactorChallenge } from '../api/login';
import { verifyEmail } from '../api/verify-email';
import { LazyTwoFactorStep } from './two-factor-step-lazy';

/** Spec 000 §9: the verified-email redirect waits 3 seconds. */
export const VERIFIED_REDIRECT_DELAY_MS = 3000;
export const VERIFIED_MESSAGE = 'Your email is validated. You can now login. Thank you!';
/** When a link's two-factor step is left: the link is used, the login page goes on. */
export const SIGN_IN_AGAIN = 'Please log in with your email and password.';

type State =
  | { kind: 'verifying' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string }
  /** The link signs in an account with a second factor: its code comes first. */
  | { kind: 'twoFactor'; challenge: TwoFactorChallenge }
  /** The two-factor step ended without a session (expired, or left): the login page goes on. */
  | { kind: 'signInAgain'; message: string | null };

interface VerifyEmailProps {
  token: string | null;
  me: string | null;
  securityToken: string | null;
  /** After a plain verification succeeded (the page waits 3 seconds first). */
  onVerified: () => void;
  /** After the security-token login succeeded. */
  onLoggedIn: (session: Session) => void;
}

const errorText = (err: unknown): string =>
  err instanceof ApiError ? err.message : 'This verification link is invalid or has expired.';

/**
 * Verifies an e-mail address from the link in the activation mail. With a security token (links
 * for employees added by an admin) it logs in at once instead.
 */
export function VerifyEmail({ token, me, securityToken, onVerified, onLoggedIn }: VerifyEmailProps) {
  const linkIsIncomplete = !(securityToken && me) && !(token && me);
  const [state, setState] = useState<State>(() =>
    linkIsIncomplete ? { kind: 'error', message: 'This verification link is invalid or has expired.' } : { kind: 'verifying' },
  );
  const started = useRef(false);
  const callbacks = useRef({ onVerified, onLoggedIn });
  useEffect(() => {
    callbacks.current = { onVerified, onLoggedIn };
  });

  useEffect(() => {
    // Verification tokens are single-use: never send one twice (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    if (securityToken && me) {
      signIn({ base64Email: me, securityToken }).then(
        (result) =>
          result.kind === 'session' ? callbacks.current.onLoggedIn(result.session) : setState({ kind: 'twoFactor', challenge: result.challenge }),
        (err: unknown) => setState({ kind: 'error', message: errorText(err) }),
      );
      return;
    }
    if (!token || !me) return;
    verifyEmail({ token, me }).then(
      (data) => setState({ kind: 'success', message: data.message || VERIFIED_MESSAGE }),
      (err: unknown) => setState({ kind: 'error', message: errorText(err) }),
    );
  }, [token, me, securityToken]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => callbacks.current.onVerified(), VERIFIED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind]);

  if (state.kind === 'verifying') {
    return (
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>{securityToken ? 'Just a moment. We are loading the product ...' : 'Verifying your email address...'}</Text>
      </Stack>
    );
  }
  if (state.kind === 'twoFactor') {
    // The link's token is spent: when the challenge ends, the way on is the login page.
    return (
      <LazyTwoFactorStep
        challenge={state.challenge}
        onLoggedIn={onLoggedIn}
        onRestart={(message) => setState({ kind: 'signInAgain', message })}
      />
    );
  }
  if (state.kind === 'signInAgain') {
    return (
      <Stack gap="md">
        {state.message ? <FormAlert>{state.message}</FormAlert> : <FormAlert color="blue">{SIGN_IN_AGAIN}</FormAlert>}
        <Button component={Link} to="/login" replace fullWidth>
          Log In
        </Button>
      </Stack>
    );
  }
  if (state.kind === 'success') {
    // The page moves on by itself after 3 seconds; the button is for those who need no wait, or
    // for a screen reader that reads the message first.
    return (
      <Stack gap="md">
        <FormAlert color="green">{state.message}</FormAlert>
        <Button component={Link} to="/login" replace fullWidth>
          Log In
        </Button>
      </Stack>
    );
  }
  return <FormAlert>{`Error: ${state.message}`}</FormAlert>;
}
