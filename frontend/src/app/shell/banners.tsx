import { Alert, Anchor, Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useExitImpersonation } from '@/features/system/api/exit-impersonation';
import { forgetUnusedQueries } from '@/features/system/api/forget-queries';
import { isTrialExpired, shouldWarnTrial } from '@/lib/dates';
import { serverMessage } from '@/lib/form-errors';
import { isAdmin, isSysadmin, type Identity } from '@/lib/identity';
import { PATHS } from '@/lib/redirects';
import { startSession } from '@/lib/session';
import { BILLING_PATH, canManageBilling } from './menu';

export const EXPIRED_TEXT = 'This account has expired! Please active your subscription.';
export const SUSPENDED_TEXT =
  "This account has been suspended, please notify account admin to login and update your company's payment method.";

export const trialReminderText = (days: number): string => `Your free trial is expiring in ${days} day(s).`;

/** Spec 000 §4: 3 or fewer days left. Admins get the billing link, others are asked to tell the owner. */
export function TrialReminder({ identity, today }: { identity: Identity; today: Date }) {
  const days = shouldWarnTrial(identity.trialEnd, today, identity.timezone);
  if (days === null || isSysadmin(identity)) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" data-testid="trial-reminder" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
      {trialReminderText(days)}{' '}
      {canManageBilling(identity) ? (
        <Anchor component={Link} to={BILLING_PATH} inherit fw={600}>
          Add your billing information to keep using Timekeep.
        </Anchor>
      ) : (
        'Please tell the account owner to add billing information to keep using Timekeep.'
      )}
    </Alert>
  );
}

/** Fixed at the bottom of every signed-in screen once the trial end is before today. */
export function ExpiredBanner({ identity, today }: { identity: Identity; today: Date }) {
  if (isSysadmin(identity) || !isTrialExpired(identity.trialEnd, today, identity.timezone)) return null;
  return (
    <Box
      role="alert"
      data-testid="expired-banner"
      style={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 300,
        padding: '10px 16px',
        background: 'var(--mantine-color-red-9)',
        color: 'var(--mantine-color-white)',
        textAlign: 'center',
      }}
    >
      <Text fw={600} inherit>
        {EXPIRED_TEXT}
      </Text>
    </Box>
  );
}

/** A suspended account: non-admins see only this message. */
export function SuspendedNotice({ identity }: { identity: Identity }) {
  if (!identity.suspended || isAdmin(identity) || isSysadmin(identity)) return null;
  return (
    <Alert color="red" variant="light" data-testid="suspended" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
      {SUSPENDED_TEXT}
    </Alert>
  );
}

/** Spec 000 §2: who the operator is acting as. */
export function impersonationText(identity: Pick<Identity, 'firstname' | 'lastname' | 'email'>): string {
  const name = `${identity.firstname} ${identity.lastname}`.trim();
  return `You are signed in as ${name ? `${name} (${identity.email})` : identity.email} by support.`;
}

/**
 * Spec 000 §2/§4: while the platform operator acts as a user (`identity.impersonate`), every screen
 * says so, with 'Exit': POST /auth/exit-impersonation-mode answers the operator's own session,
 * which is stored, and the operator is back at /sy5tem/impersonate. When that session has ended
 * meanwhile (401) nobody is signed in any more: the shell goes to the login page. Log out is
 * hidden meanwhile (the avatar menu), so this is the way out.
 */
export function ImpersonationBanner({ identity }: { identity: Identity }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exit = useExitImpersonation();
  const [error, setError] = useState<string | null>(null);

  const leave = () => {
    setError(null);
    exit.mutate(undefined, {
      onSuccess: (token) => {
        // Stored here, not in the call: the operator's session takes this banner away at once.
        startSession(token);
        void Promise.resolve(navigate(PATHS.sysadminImpersonate)).then(() => {
          // The user's screens are gone: nothing of theirs stays for the operator's next session.
          forgetUnusedQueries(queryClient);
        });
      },
      // A 401 signs out (useExitImpersonation): the shell leaves for the login page.
      onError: (failure) => setError(serverMessage(failure)),
    });
  };

  return (
    <Box
      component="section"
      aria-label="Impersonation"
      data-testid="impersonation-banner"
      mb="md"
      px="md"
      py="xs"
      style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-grape-9)', color: 'var(--mantine-color-white)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} inherit style={{ overflowWrap: 'anywhere' }}>
          {impersonationText(identity)}
        </Text>
        <Button size="compact-md" variant="white" color="grape.9" onClick={leave} loading={exit.isPending}>
          Exit
        </Button>
      </Group>
      {error ? (
        <Text role="alert" size="sm" mt={4} inherit>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
