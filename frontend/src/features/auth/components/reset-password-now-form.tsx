import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { resetPasswordNowSchema, useResetPasswordNow, type ResetPasswordNowInput } from '../api/reset-password-now';

interface ResetPasswordNowFormProps {
  token: string;
  onDone: (message: string) => void;
}

/** Sets a new password with the token from the e-mailed link. */
export function ResetPasswordNowForm({ token, onDone }: ResetPasswordNowFormProps) {
  const reset = useResetPasswordNow();
  const [error, setError] = useState<string | null>(token ? null : 'This link is invalid or has expired.');
  const form = useForm<ResetPasswordNowInput>({
    mode: 'uncontrolled',
    initialValues: { password: '', retypePassword: '' },
    validate: schemaResolver(resetPasswordNowSchema, { sync: true }),
  });

  return (
    <form
      noValidate
      aria-label="Set a new password"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        reset.mutate(
          { ...values, token },
          {
            onSuccess: (data) => onDone(data.message),
            onError: (err) => {
              const failure = formFailure(err, ['password', 'retypePassword']);
              form.setErrors(failure.fieldErrors);
              setError(failure.message);
            },
          },
        );
      })}
    >
      <Stack gap="md">
        {error ? (
          <FormAlert>
            {error}{' '}
            <Anchor component={Link} to="/reset-password" inherit>
              Request a new link
            </Anchor>
          </FormAlert>
        ) : null}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Retype password"
          autoComplete="new-password"
          required
          key={form.key('retypePassword')}
          {...form.getInputProps('retypePassword')}
        />
        <Button type="submit" loading={reset.isPending} disabled={!token} fullWidth>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
