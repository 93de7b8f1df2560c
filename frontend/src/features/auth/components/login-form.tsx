import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { validateTypedOnBlur } from '@/lib/form-blur';
import { formFailure } from '@/lib/form-errors';
import { sessionStore, startSession, type Session } from '@/lib/session';
import { loginSchema, useLogin, type LoginInput, type SignInResult, type TwoFactorChallenge } from '../api/login';
import { SsoButton } from './sso-button';
import { LazyTwoFactorStep } from './two-factor-step-lazy';

/** Spec 000 §9: after more than 3 failed tries the message suggests the reset link. */
export const FAILED_LOGINS_BEFORE_HINT = 3;
export const RESET_HINT = 'Forgot your password? Use the reset password link to set a new one.';

/** The server's message, with the reset hint added once more than 3 tries have failed. */
export function loginFailureMessage(message: string, failures: number): string {
  if (failures > FAILED_LOGINS_BEFORE_HINT && !message.includes('Forgot your password?')) {
    return `${message} ${RESET_HINT}`;
  }
  return message;
}

interface LoginFormProps {
  onLoggedIn: (session: Session) => void;
  onSsoFailed: () => void;
  /** A message from the page (e.g. an expired login link) shown above the form. */
  initialError?: string | null;
}

export function LoginForm({ onLoggedIn, onSsoFailed, initialError = null }: LoginFormProps) {
  const [failures, setFailures] = useState(0);
  const [error, setError] = useState<string | null>(initialError);
  /** After the password, when the account has or must set up a second factor. */
  const [twoFactor, setTwoFactor] = useState<{ challenge: TwoFactorChallenge; sso: boolean } | null>(null);
  const login = useLogin();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
    enhanceGetInputProps: validateTypedOnBlur<LoginInput>(),
  });

  const fail = (err: unknown) => {
    const failure = formFailure(err, ['email', 'password'], { useServerMessage: true });
    form.setErrors(failure.fieldErrors);
    if (err instanceof ApiError && err.code === 'invalid_credentials') {
      const count = failures + 1;
      setFailures(count);
      setError(loginFailureMessage(err.message, count));
    } else {
      setError(failure.message);
    }
  };

  const signedIn = (result: SignInResult, sso = false) => {
    if (result.kind === 'session') {
      onLoggedIn(result.session);
      return;
    }
    // Nothing is stored until the second factor is verified (a provider's token included).
    if (sso) sessionStore.clear();
    setTwoFactor({ challenge: result.challenge, sso });
  };

  const submit = form.onSubmit((values) => {
    setError(null);
    login.mutate(
      { body: { email: values.email.trim(), password: values.password } },
      { onSuccess: (result) => signedIn(result), onError: fail },
    );
  });

  if (twoFactor) {
    return (
      <LazyTwoFactorStep
        key={twoFactor.challenge.challenge}
        challenge={twoFactor.challenge}
        sso={twoFactor.sso}
        onLoggedIn={onLoggedIn}
        onRestart={(message) => {
          form.setFieldValue('password', '');
          setError(message);
          setTwoFactor(null);
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form onSubmit={submit} noValidate aria-label="Log in">
        <Stack gap="md">
          {/* The page is this form: typing can start at once. */}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            Log In
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/reset-password" size="sm" ta="center">
        Forgot your password?
      </Anchor>
      <SsoButton
        onToken={(token) => {
          // The provider's sign-in is this browser's session from now on; it is then renewed as
          // its own bearer (which names the embedding page, if any). The server exchanges a
          // session token only for the session that sends it.
          startSession(token, { sso: true });
          login.mutate(
            { body: { token }, sso: true },
            {
              onSuccess: (result) => signedIn(result, true),
              onError: (err) => {
                sessionStore.clear();
                fail(err);
              },
            },
          );
        }}
        onFailed={onSsoFailed}
      />
    </Stack>
  );
}
