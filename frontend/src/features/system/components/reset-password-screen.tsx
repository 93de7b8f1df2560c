import { Button, Group, Loader, Paper, PasswordInput, Radio, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { formFailure, sorry } from '@/lib/form-errors';
import { isEmail, PASSWORD_MIN_LENGTH } from '@/lib/validation';
import { useQueryUser } from '../api/query-user';
import type { SystemUser } from '../api/schemas';
import { useUpdatePassword, type PasswordMode } from '../api/update-password';
import { fullName } from './format';
import { SYSTEM_TEXTS } from './labels';
import { UserCard } from './user-card';
import { useOperatorZone } from './use-zone';

interface PasswordValues {
  mode: PasswordMode;
  password: string;
  confirm: string;
}

function validatePassword(values: PasswordValues): Partial<Record<keyof PasswordValues, string>> {
  if (values.mode !== 'set') return {};
  const errors: Partial<Record<keyof PasswordValues, string>> = {};
  if (!values.password) errors.password = 'Enter a password';
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = `Password minimal length is ${PASSWORD_MIN_LENGTH}`;
  if (values.password && values.confirm !== values.password) errors.confirm = 'The passwords do not match.';
  return errors;
}

/**
 * The choice for a found user: e-mail them the normal reset link (the default, preferred: the
 * operator never knows the password), or set one, which they must change at the next sign-in.
 */
function PasswordForm({ user }: { user: SystemUser }) {
  const update = useUpdatePassword();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<PasswordValues>({ mode: 'controlled', initialValues: { mode: 'link', password: '', confirm: '' }, validate: validatePassword });
  const setting = form.values.mode === 'set';

  const submit = form.onSubmit((values) => {
    setResult(null);
    update.mutate(
      { email: user.email, mode: values.mode, password: values.mode === 'set' ? values.password : '' },
      {
        onSuccess: (message) => {
          setResult({ ok: true, text: message });
          form.setValues({ password: '', confirm: '' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) return setResult({ ok: false, text: SYSTEM_TEXTS.noUser });
          const failure = formFailure(error, ['password'], { useServerMessage: true });
          form.setErrors(failure.fieldErrors);
          if (failure.message) setResult({ ok: false, text: `Sorry ${failure.message}` });
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label={`Reset the password of ${fullName(user) || user.email}`}>
        <Stack gap="md">
          <Radio.Group label="How" {...form.getInputProps('mode')}>
            <Stack gap="sm" mt="xs">
              <Radio value="link" label="Send a reset link" description="Recommended: the user chooses a new password from the e-mail, and nobody else knows it." />
              <Radio value="set" label="Set a password" description="Tell the user yourself; they must choose a new one at the next sign-in." />
            </Stack>
          </Radio.Group>
          {setting ? (
            <>
              <PasswordInput label="New password" description={`At least ${PASSWORD_MIN_LENGTH} characters`} autoComplete="new-password" {...form.getInputProps('password')} />
              <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('confirm')} />
            </>
          ) : null}
          {result ? <FormAlert color={result.ok ? 'green' : 'red'}>{result.text}</FormAlert> : null}
          <Group>
            <Button type="submit" loading={update.isPending}>
              {setting ? 'Set the password' : 'Send the link'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * Reset Password (/sy5tem/resetpwd?email=, spec 002 §2): finds the user by their exact e-mail
 * address (GET /system/queryuser), then sends them a reset link or sets a password
 * (POST /system/update-password) and shows the server's message.
 */
export function ResetPasswordScreen() {
  usePageTitle(SYSTEM_TEXTS.resetPassword);
  const zone = useOperatorZone();
  const [search, setSearch] = useSearchParams();
  const initial = search.get('email')?.trim() ?? '';
  const [email, setEmail] = useState(initial);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [lookedUp, setLookedUp] = useState<string | null>(initial || null);
  const user = useQueryUser(lookedUp);

  const find = () => {
    const value = email.trim();
    if (!isEmail(value)) return setEmailError(value ? 'Invalid Email address' : 'Please input the Email');
    setEmailError(null);
    setLookedUp(value);
    setSearch({ email: value }, { replace: true });
  };

  const notFound = user.isError && user.error instanceof ApiError && user.error.status === 404;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {SYSTEM_TEXTS.resetPassword}
      </Title>
      <form
        noValidate
        role="search"
        aria-label="Find the user"
        onSubmit={(event) => {
          event.preventDefault();
          find();
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailError}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }}>
            Find
          </Button>
        </Group>
      </form>
      {lookedUp === null ? null : user.isPending ? (
        <Loader size="sm" role="status" aria-label="Looking for the user" />
      ) : user.isError ? (
        <FormAlert>{notFound ? SYSTEM_TEXTS.noUser : sorry(user.error)}</FormAlert>
      ) : (
        <>
          <UserCard user={user.data} timeZone={zone} />
          <PasswordForm key={user.data.email} user={user.data} />
        </>
      )}
    </Stack>
  );
}
