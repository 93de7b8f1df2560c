import { Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure, GENERIC_FORM_ERROR, serverMessage } from '@/lib/form-errors';
import { startSession, type Session } from '@/lib/session';
import {
  answerTwoFactor,
  cleanCode,
  setUpSignInTwoFactor,
  type TwoFactorAnswer,
  type TwoFactorChallenge,
  type TwoFactorSession,
} from '../api/two-factor';
import { AuthenticatorKey } from './authenticator-key';
import { RecoveryCodes } from './recovery-codes';

export const VERIFY_TITLE = 'Two-factor sign-in';
export const ENROL_TITLE = 'Set up two-factor sign-in';
export const CODE_HELP = 'Enter the 6-digit code your authenticator app shows.';
export const RECOVERY_HELP = 'Enter one of the recovery codes you saved when you set up two-factor sign-in.';
export const ENROL_HELP = 'Your account must use two-factor sign-in. Set it up now to finish signing in.';
export const CODE_REQUIRED = 'Please input the Authentication code';
export const RECOVERY_CODE_REQUIRED = 'Please input the Recovery code';

interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The sign-in came from single sign-on (kept with the session). */
  sso?: boolean;
  onLoggedIn: (session: Session) => void;
  /**
   * The challenge is over (expired or used: 401; too many wrong codes: 429, which voids it too),
   * or the person goes back: sign in with the password again, with the server's reason if any.
   */
  onRestart: (message: string | null) => void;
}

/** A failure after which this challenge can do nothing more. */
const challengeIsOver = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 401 || error.status === 429);

/** Opens the session of a verified challenge; null (and the generic message) when its token is unreadable. */
function openSession(token: string, sso: boolean, onLoggedIn: (session: Session) => void, onError: (message: string) => void) {
  let session: Session;
  try {
    session = startSession(token, { sso });
  } catch {
    onError(GENERIC_FORM_ERROR);
    return;
  }
  onLoggedIn(session);
}

/** The sign-in's second step after the password: verify a code, or set up the authenticator first. */
export function TwoFactorStep(props: TwoFactorStepProps) {
  return props.challenge.mode === 'enrol' ? <EnrolStep {...props} /> : <VerifyStep {...props} />;
}

function BackToLogin({ onRestart }: Pick<TwoFactorStepProps, 'onRestart'>) {
  return (
    <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onRestart(null)}>
      Back to log in
    </Anchor>
  );
}

interface CodeValues {
  code: string;
  recoveryCode: string;
}

/** `verify`: "Authentication code" and "Verify"; "Use a recovery code" switches the field. */
function VerifyStep({ challenge, sso = false, onLoggedIn, onRestart }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: (answer: TwoFactorAnswer) => answerTwoFactor(challenge.challenge, answer) });
  const form = useForm<CodeValues>({ mode: 'uncontrolled', initialValues: { code: '', recoveryCode: '' } });
  const field: keyof CodeValues = recovery ? 'recoveryCode' : 'code';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const value = form.getValues()[field].trim();
    if (!value) {
      form.setErrors({ [field]: recovery ? RECOVERY_CODE_REQUIRED : CODE_REQUIRED });
      return;
    }
    form.clearErrors();
    verify.mutate(recovery ? { recoveryCode: value } : { code: cleanCode(value) }, {
      onSuccess: ({ token }) => openSession(token, sso, onLoggedIn, setError),
      onError: (err) => {
        if (challengeIsOver(err)) {
          onRestart(err.message);
          return;
        }
        const failure = formFailure(err, [field], { useServerMessage: true });
        form.setErrors(failure.fieldErrors);
        setError(failure.message);
      },
    });
  };

  const switchField = () => {
    setError(null);
    form.clearErrors();
    setRecovery((on) => !on);
  };

  return (
    <Stack gap="md" data-testid="two-factor-step">
      <Title order={2} fz="h3" ta="center">
        {VERIFY_TITLE}
      </Title>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form onSubmit={submit} noValidate aria-label={VERIFY_TITLE}>
        <Stack gap="md">
          <Text size="sm">{recovery ? RECOVERY_HELP : CODE_HELP}</Text>
          {recovery ? (
            <TextInput
              label="Recovery code"
              placeholder="abcde-fghij"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              key={form.key('recoveryCode')}
              {...form.getInputProps('recoveryCode')}
            />
          ) : (
            <TextInput
              label="Authentication code"
              placeholder="123456"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
              key={form.key('code')}
              {...form.getInputProps('code')}
            />
          )}
          <Button type="submit" loading={verify.isPending} fullWidth>
            Verify
          </Button>
        </Stack>
      </form>
      <Anchor component="button" type="button" size="sm" ta="center" onClick={switchField}>
        {recovery ? 'Use an authentication code' : 'Use a recovery code'}
      </Anchor>
      <BackToLogin onRestart={onRestart} />
    </Stack>
  );
}

/**
 * `enrol`: the account must set up its authenticator first: the QR code and the secret key, the
 * first code ("Turn on and sign in"), then the recovery codes; "I have saved these codes" enters.
 */
function EnrolStep({ challenge, sso = false, onLoggedIn, onRestart }: TwoFactorStepProps) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TwoFactorSession | null>(null);
  const setup = useMutation({ mutationFn: setUpSignInTwoFactor });
  const confirm = useMutation({ mutationFn: (code: string) => answerTwoFactor(challenge.challenge, { code }) });
  const form = useForm<{ code: string }>({ mode: 'uncontrolled', initialValues: { code: '' } });
  const restart = useRef(onRestart);
  useEffect(() => {
    restart.current = onRestart;
  });

  // Each setup call makes a new secret and only the last can be confirmed: ask once per challenge
  // (StrictMode runs effects twice).
  const asked = useRef<string | null>(null);
  const { mutate: askSetup } = setup;
  const requestSetup = useCallback(
    (id: string) =>
      askSetup(id, {
        onError: (err) => {
          if (challengeIsOver(err)) restart.current(err.message);
        },
      }),
    [askSetup],
  );
  useEffect(() => {
    if (asked.current === challenge.challenge) return;
    asked.current = challenge.challenge;
    requestSetup(challenge.challenge);
  }, [requestSetup, challenge.challenge]);

  if (done?.recoveryCodes) {
    return (
      <Stack gap="md" data-testid="two-factor-step">
        <Title order={2} fz="h3" ta="center">
          {ENROL_TITLE}
        </Title>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <RecoveryCodes codes={done.recoveryCodes} onSaved={() => openSession(done.token, sso, onLoggedIn, setError)} />
      </Stack>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const code = cleanCode(form.getValues().code);
    if (!code) {
      form.setErrors({ code: CODE_REQUIRED });
      return;
    }
    form.clearErrors();
    confirm.mutate(code, {
      onSuccess: (answer) => {
        if (answer.recoveryCodes?.length) setDone(answer);
        else openSession(answer.token, sso, onLoggedIn, setError);
      },
      onError: (err) => {
        if (challengeIsOver(err)) {
          onRestart(err.message);
          return;
        }
        const failure = formFailure(err, ['code'], { useServerMessage: true });
        form.setErrors(failure.fieldErrors);
        setError(failure.message);
      },
    });
  };

  return (
    <Stack gap="md" data-testid="two-factor-step">
      <Title order={2} fz="h3" ta="center">
        {ENROL_TITLE}
      </Title>
      <Text size="sm">{ENROL_HELP}</Text>
      {setup.isPending || setup.isIdle ? (
        <Group justify="center">
          <Loader role="status" aria-label="Preparing your authenticator key" />
        </Group>
      ) : setup.isError ? (
        <Stack gap="sm">
          <FormAlert>{serverMessage(setup.error)}</FormAlert>
          <Button variant="default" onClick={() => requestSetup(challenge.challenge)}>
            Try again
          </Button>
        </Stack>
      ) : (
        <>
          {setup.data ? <AuthenticatorKey setup={setup.data} /> : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          <form onSubmit={submit} noValidate aria-label={ENROL_TITLE}>
            <Stack gap="md">
              <TextInput
                label="Authentication code"
                placeholder="123456"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                key={form.key('code')}
                {...form.getInputProps('code')}
              />
              <Button type="submit" loading={confirm.isPending} fullWidth>
                Turn on and sign in
              </Button>
            </Stack>
          </form>
        </>
      )}
      <BackToLogin onRestart={onRestart} />
    </Stack>
  );
}
