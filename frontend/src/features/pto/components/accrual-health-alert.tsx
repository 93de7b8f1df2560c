import { Alert, List, Stack, Text } from '@mantine/core';
import { useAccrualHealth } from '../api/accrual-health';

export const ACCRUAL_ALERT_TITLE = 'Accruals need attention';

/**
 * For company admins, at the top of the PTO screens: when the nightly accrual job could not bring
 * balances forward (or has not run), the server's warning and the people and rules it names.
 * Nothing shows when all is well, while it loads, when the read fails, or when `enabled` is false
 * (managers and employees never ask: the call is for admins only).
 */
export function AccrualHealthAlert({ enabled }: { enabled: boolean }) {
  const health = useAccrualHealth(enabled);
  const warning = enabled ? (health.data?.warning ?? null) : null;
  if (!warning) return null;
  const problems = health.data?.problems ?? [];
  return (
    <Alert
      color="orange"
      variant="light"
      title={ACCRUAL_ALERT_TITLE}
      role="status"
      data-testid="accrual-health-alert"
      // The text colour for the title too: a light alert's own shade fails WCAG AA on its background (as FormAlert).
      styles={{ message: { color: 'var(--mantine-color-text)' }, title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{warning}</Text>
        {problems.length > 0 ? (
          <List size="sm" spacing={4} aria-label="Accrual problems" style={{ overflowWrap: 'anywhere' }}>
            {problems.map((problem, index) => (
              <List.Item key={`${index}-${problem}`}>{problem}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}
