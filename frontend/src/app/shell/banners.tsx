import { Alert, Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isTrialExpired, shouldWarnTrial } from '@/lib/dates';
import { isAdmin, isSysadmin, type Identity } from '@/lib/identity';
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
