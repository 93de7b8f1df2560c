import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { resetPasswordSchema, useResetPassword, type ResetPasswordInput } from '../api/reset-password';

/** Asks for a reset link by e-mail. The answer never tells whether the address has an account. */
export function ResetPasswordForm() {
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(resetPasswordSchema, { sync: true }),
  });

  if (reset.isSuccess) {
    return <FormAlert color="green">{reset.data.message}</FormAlert>;
  }

  return (
    <form
      noValidate
      aria-label="Reset password"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        reset.mutate(values, {
          onError: (err) => {
            const failure = formFailure(err, ['email']);
            form.setErrors(failure.fieldErrors);
            setError(failure.message);
          },
        });
      })}
    >
      <Stack gap="md">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
