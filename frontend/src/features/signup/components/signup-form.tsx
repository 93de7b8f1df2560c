import { Button, Divider, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { validateTypedOnBlur } from '@/lib/form-blur';
import { formFailure } from '@/lib/form-errors';
import { openSsoPopup } from '@/lib/sso';
import { signupSchema, signupSuccessMessage, useSignup, type SignupInput } from '../api/signup';
import { SSO_SIGNUP_FAILED } from '../api/sso-signup';
import { HoneypotField } from './honeypot-field';
import { useSsoSignupFlow } from './use-sso-signup-flow';

const FIELDS = ['company', 'firstname', 'lastname', 'email', 'password', 'promotCode'] as const;

/**
 * Signup status (spec 000 §4): 0 initial, 1 success, 2 failure. The invisible bot check has no
 * provider configured here, so its token is sent empty; the honeypot field stands in for it.
 */
export type SignupStatus = 0 | 1 | 2;

/** The authorization URL, asking the server for an SSO signup rather than a sign-in. */
export const ssoSignupUrl = (authorizationUrl: string): string =>
  `${authorizationUrl}${authorizationUrl.includes('?') ? '&' : '?'}purpose=signup`;

interface SignupFormProps {
  /** The server's SSO authorization URL (GET /account/signup-data); null: no SSO signup. */
  ssoUrl?: string | null;
  /**
   * The deployment charges: signing up starts a trial and a promotion code means something.
   * Without billing the field is left out and the button just creates the account.
   */
  billing?: boolean;
}

export function SignupForm({ ssoUrl = null, billing = true }: SignupFormProps) {
  const signup = useSignup();
  const [status, setStatus] = useState<SignupStatus>(0);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<SignupInput>({
    mode: 'uncontrolled',
    initialValues: { company: '', firstname: '', lastname: '', email: '', password: '', promotCode: '', website: '' },
    validate: schemaResolver(signupSchema, { sync: true }),
    enhanceGetInputProps: validateTypedOnBlur<SignupInput>(),
  });

  /** A refused signup: the fields' messages in place, the rest above the form ('Sorry …'). */
  const fail = (err: unknown) => {
    setStatus(2);
    const failure = formFailure(err, FIELDS, { useServerMessage: true });
    form.setErrors(failure.fieldErrors);
    const pureValidation = err instanceof ApiError && err.code === 'validation' && !failure.message;
    setMessage(pureValidation ? null : `Sorry ${failure.message ?? (err instanceof Error ? err.message : '')}`);
  };

  const sso = useSsoSignupFlow(form, {
    onStart: () => setMessage(null),
    onSsoFailed: () => {
      setStatus(2);
      setMessage(SSO_SIGNUP_FAILED);
    },
    onError: fail,
  });

  if (status === 1 && message) {
    return <FormAlert color="green">{message}</FormAlert>;
  }

  const submit = form.onSubmit((values) => {
    setMessage(null);
    signup.mutate(
      { ...values, timezone: browserTimeZone(), token: '' },
      {
        onSuccess: (data) => {
          setStatus(1);
          setMessage(data.message || signupSuccessMessage(values.email.trim()));
        },
        onError: fail,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <Stack gap="md">
        {status === 2 && message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput label="Company" autoComplete="organization" required key={form.key('company')} {...form.getInputProps('company')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" required key={form.key('firstname')} {...form.getInputProps('firstname')} />
          <TextInput label="Last name" autoComplete="family-name" required key={form.key('lastname')} {...form.getInputProps('lastname')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        {billing ? (
          <TextInput label="Promotion code" description="Optional" autoComplete="off" key={form.key('promotCode')} {...form.getInputProps('promotCode')} />
        ) : null}
        <HoneypotField key={form.key('website')} {...form.getInputProps('website')} />
        <Button type="submit" loading={signup.isPending} fullWidth>
          {billing ? 'Start Free Trial' : 'Create Account'}
        </Button>
        {ssoUrl ? (
          <>
            <Divider label="or" labelPosition="center" styles={{ label: { color: 'var(--mantine-color-dimmed)' } }} />
            <Button variant="default" fullWidth loading={sso.pending} onClick={() => openSsoPopup(ssoSignupUrl(ssoUrl))}>
              Sign up with single sign-on
            </Button>
          </>
        ) : null}
      </Stack>
    </form>
  );
}
