import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { changeMyPasswordSchema, useChangeMyPassword, type ChangeMyPasswordInput } from '../api/change-my-password';

/** Spec 000 §8. */
export const CHANGE_PASSWORD_SUCCESS = 'Your password has been successfully created...';

export const passwordFormTitle = (hasPassword: boolean): string => (hasPassword ? 'Change Password' : 'Create Password');

interface ChangePasswordFormProps {
  /** identity.hasHashPassword: asks for the old password only when one exists. */
  hasPassword: boolean;
  onDone?: () => void;
}

export function ChangePasswordForm({ hasPassword, onDone }: ChangePasswordFormProps) {
  const change = useChangeMyPassword(hasPassword);
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => changeMyPasswordSchema(hasPassword), [hasPassword]);
  const form = useForm<ChangeMyPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { oldPassword: '', newPassword: '', retypePassword: '' },
    validate: schemaResolver(schema, { sync: true }),
  });

  if (change.isSuccess) {
    return <FormAlert color="green">{CHANGE_PASSWORD_SUCCESS}</FormAlert>;
  }

  return (
    <form
      noValidate
      aria-label={passwordFormTitle(hasPassword)}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        change.mutate(values, {
          onSuccess: () => onDone?.(),
          onError: (err) => {
            const failure = formFailure(err, ['oldPassword', 'newPassword', 'retypePassword'], { useServerMessage: true });
            form.setErrors(failure.fieldErrors);
            setError(failure.message ? `Sorry ${failure.message}` : null);
          },
        });
      })}
    >
      <Stack gap="md">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {hasPassword ? (
          <PasswordInput
            label="Old Password"
            autoComplete="current-password"
            required
            key={form.key('oldPassword')}
            {...form.getInputProps('oldPassword')}
          />
        ) : null}
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          required
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Retype New Password"
          autoComplete="new-password"
          required
          key={form.key('retypePassword')}
          {...form.getInputProps('retypePassword')}
        />
        <Button type="submit" loading={change.isPending} fullWidth>
          {passwordFormTitle(hasPassword)}
        </Button>
      </Stack>
    </form>
  );
}
