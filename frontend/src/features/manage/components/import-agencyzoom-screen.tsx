import { Button, Group, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import type { Identity } from '@/lib/identity';
import { IMPORT_TEXTS, importFailureMessage, importFormSchema, useImportAgencyZoom, useImportStatus, type ImportFormValues } from '../api/import-agencyzoom';
import { ImportResult } from './import-result';

/**
 * /admin/manage/import-agencyzoom (spec 001 §2, §5, §8): an account admin's AgencyZoom e-mail
 * (prefilled with the signed-in user's) and password; 'Import now', 'Please wait ...' while the
 * server imports, then 'Your company information has been updated.' with the counts and the
 * success and failure lists. A failure shows a warning titled 'Error' with the server's message.
 */
export function ImportAgencyZoomScreen({ identity }: { identity: Identity }) {
  usePageTitle(IMPORT_TEXTS.title);
  const status = useImportStatus();
  const importing = useImportAgencyZoom();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ImportFormValues>({
    mode: 'uncontrolled',
    initialValues: { email: identity.email, password: '' },
    validate: schemaResolver(importFormSchema, { sync: true }),
  });
  const unavailable = status.data?.available === false;

  const submit = form.onSubmit((values) => {
    setError(null);
    importing.mutate(values, {
      onSuccess: () => form.setFieldValue('password', ''),
      onError: (err) => {
        if (err instanceof ApiError && err.hasFieldErrors) {
          const fields = Object.fromEntries(
            Object.entries(err.errors)
              .filter(([field]) => field === 'email' || field === 'password')
              .map(([field, messages]) => [field, messages[0] ?? '']),
          );
          form.setErrors(fields);
          if (Object.keys(fields).length > 0) return;
        }
        setError(importFailureMessage(err));
      },
    });
  });

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {IMPORT_TEXTS.title}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={560}>
        <Stack gap="md">
          <Text>
            Bring your company&apos;s details and your staff from AgencyZoom into Timekeep. People already here are updated,
            never added twice; everyone new gets an e-mail to log in. Afterwards names and e-mails are managed in
            AgencyZoom.
          </Text>
          <Text size="sm" c="dimmed" data-testid="import-note">
            {IMPORT_TEXTS.note}
          </Text>
          {status.isPending ? <Loader size="sm" aria-label="Loading" /> : null}
          {unavailable ? <FormAlert color="yellow">{IMPORT_TEXTS.notAvailable}</FormAlert> : null}
          {status.data?.integrated && !importing.data ? (
            <FormAlert color="blue">
              Your company was imported before ({status.data.importedPeople} people). Import again to bring the latest from
              AgencyZoom.
            </FormAlert>
          ) : null}
          {error ? (
            <FormAlert color="yellow" title={IMPORT_TEXTS.error}>
              {error}
            </FormAlert>
          ) : null}
          <form noValidate aria-label={IMPORT_TEXTS.title} onSubmit={submit}>
            <Stack gap="md">
              <TextInput
                label="AgencyZoom login e-mail"
                type="email"
                autoComplete="off"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="AgencyZoom password"
                autoComplete="off"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <Group>
                <Button type="submit" disabled={importing.isPending || unavailable}>
                  {importing.isPending ? IMPORT_TEXTS.waiting : IMPORT_TEXTS.submit}
                </Button>
                <Button component={Link} to="/admin/manage" variant="default">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Paper>
      {importing.data ? <ImportResult report={importing.data} /> : null}
    </Stack>
  );
}
