import '@mantine/core/styles/Switch.css';
import { Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import { useCompanySecurity, useUpdateCompanySecurity } from '../api/company';

export const SECURITY_TITLE = 'Security';
export const TWO_FACTOR_REQUIRED_LABEL = 'Admins and managers must use two-factor sign-in';
export const TWO_FACTOR_REQUIRED_HELP =
  'They set it up at their next sign-in (sessions already open go on). Everyone else may turn it on for themselves in My Profile.';
export const TWO_FACTOR_NOW_REQUIRED = 'Admins and managers now sign in with two-factor sign-in.';
export const TWO_FACTOR_NO_LONGER_REQUIRED = 'Two-factor sign-in is no longer required; those who have it on keep it.';

/** Company Profile → Security (admins): whether admins and managers must use two-factor sign-in. */
export function CompanySecuritySettings() {
  const security = useCompanySecurity();
  const update = useUpdateCompanySecurity();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const helpId = useId();

  // While the change is saved, the switch shows where it goes.
  const checked = update.isPending ? update.variables.twoFactorRequired : (security.data?.twoFactorRequired ?? false);

  return (
    <Stack gap="md" data-testid="company-security">
      <Title order={2} fz="lg">
        {SECURITY_TITLE}
      </Title>
      {security.isPending ? (
        <Loader role="status" aria-label="Loading the security settings" />
      ) : security.isError ? (
        <FormAlert>{`Sorry ${serverMessage(security.error)}`}</FormAlert>
      ) : (
        <>
          {saved && !update.isPending ? <FormAlert color="green">{saved}</FormAlert> : null}
          {error && !update.isPending ? <FormAlert>{error}</FormAlert> : null}
          {/* The help is described, not part of the switch's name. */}
          <Switch
            label={TWO_FACTOR_REQUIRED_LABEL}
            aria-describedby={helpId}
            checked={checked}
            disabled={update.isPending}
            onChange={(event) => {
              setError(null);
              setSaved(null);
              update.mutate(
                { twoFactorRequired: event.currentTarget.checked },
                {
                  onSuccess: (next) => setSaved(next.twoFactorRequired ? TWO_FACTOR_NOW_REQUIRED : TWO_FACTOR_NO_LONGER_REQUIRED),
                  onError: (err) => setError(`Sorry ${serverMessage(err)}`),
                },
              );
            }}
          />
          <Text id={helpId} size="sm" c="dimmed">
            {TWO_FACTOR_REQUIRED_HELP}
          </Text>
        </>
      )}
    </Stack>
  );
}
