import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { FormAlert } from '@/components/form-alert';
import type { WebhookSecret } from '../api/schemas';
import { WEBHOOKS_TEXTS } from './labels';

interface SecretPanelProps {
  shown: WebhookSecret;
  /** 'created': the endpoint was just added; 'rotated': its secret was just replaced. */
  kind: 'created' | 'rotated';
  onDone: () => void;
}

/**
 * The signing secret of an endpoint just added or rotated, this once: the warning, the secret
 * itself (`data-testid="webhook-secret"`) and a button that copies it.
 */
export function SecretPanel({ shown, kind, onDone }: SecretPanelProps) {
  const labelId = useId();
  const { endpoint, secret } = shown;
  return (
    <Stack gap="md" data-testid="webhook-secret-panel">
      <Text style={{ overflowWrap: 'anywhere' }}>
        {kind === 'created' ? 'Deliveries to ' : 'From now on, deliveries to '}
        <strong>{endpoint.url}</strong>
        {kind === 'created' ? ' are signed with this secret.' : ' are signed with this new secret; the old one no longer works.'}
      </Text>
      <FormAlert color="yellow" title={WEBHOOKS_TEXTS.notAgain}>
        {WEBHOOKS_TEXTS.secretWarning}
      </FormAlert>
      <Stack gap={4} role="group" aria-labelledby={labelId}>
        <Text id={labelId} size="sm" fw={500}>
          Signing secret
        </Text>
        <Code block data-testid="webhook-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
      </Stack>
      <Group justify="space-between" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy the secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
