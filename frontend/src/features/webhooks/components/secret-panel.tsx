import { Text } from '@mantine/core';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import type { WebhookSecret } from '../api/schemas';
import { WEBHOOKS_TEXTS } from './labels';

interface SecretPanelProps {
  shown: WebhookSecret;
  /** 'created': the endpoint was just added; 'rotated': its secret was just replaced. */
  kind: 'created' | 'rotated';
  onDone: () => void;
}

/** The signing secret of an endpoint just added or rotated, this once. */
export function SecretPanel({ shown, kind, onDone }: SecretPanelProps) {
  const { endpoint, secret } = shown;
  return (
    <ShownOnceSecret
      intro={
        <Text style={{ overflowWrap: 'anywhere' }}>
          {kind === 'created' ? 'Deliveries to ' : 'From now on, deliveries to '}
          <strong>{endpoint.url}</strong>
          {kind === 'created' ? ' are signed with this secret.' : ' are signed with this new secret; the old one no longer works.'}
        </Text>
      }
      warningTitle={WEBHOOKS_TEXTS.notAgain}
      warning={WEBHOOKS_TEXTS.secretWarning}
      label="Signing secret"
      secret={secret}
      testId="webhook-secret-panel"
      secretTestId="webhook-secret"
      onDone={onDone}
    />
  );
}
