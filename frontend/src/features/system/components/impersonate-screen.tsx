import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { homePathFor } from '@/lib/redirects';
import { isEmail } from '@/lib/validation';
import { useImpersonate } from '../api/impersonate';
import { forgetUnusedQueries } from '../api/forget-queries';
import { SYSTEM_TEXTS } from './labels';

/**
 * Impersonation (/sy5tem/impersonate?email=, spec 002 §2, §4): signs the operator in as a user
 * (POST /system/impersonate) and opens that user's home; the shell then shows the impersonation
 * banner, whose Exit comes back here. Data kept from an earlier session is forgotten first, so
 * nothing of another company shows while the user's own is read.
 */
export function ImpersonateScreen() {
  usePageTitle(SYSTEM_TEXTS.impersonation);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const impersonate = useImpersonate();
  const [email, setEmail] = useState(search.get('email')?.trim() ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const value = email.trim();
    if (!isEmail(value)) return setError(value ? 'Invalid Email address' : 'Please input the Email');
    setError(null);
    forgetUnusedQueries(queryClient);
    impersonate.mutate(value, {
      onSuccess: (session) => navigate(homePathFor(session.identity)),
      onError: (failure) =>
        setError(failure instanceof ApiError && failure.status === 404 ? SYSTEM_TEXTS.noActiveUser : serverMessage(failure)),
    });
  };

  return (
    <Stack gap="md" maw={640}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {SYSTEM_TEXTS.impersonation}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form
          noValidate
          aria-label="Impersonate a user"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              See Timekeep exactly as this user does, for up to an hour. Everything you do is recorded in the audit log with both your names, and
              the user sees a support session in their activity. You cannot change their password or e-mail address.
            </Text>
            <TextInput
              label="User's e-mail address"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <div>
              <Button type="submit" loading={impersonate.isPending}>
                Impersonate
              </Button>
            </div>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
