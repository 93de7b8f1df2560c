import { Code, Text } from '@mantine/core';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import type { CreatedApiKey } from '../api/schemas';
import { API_KEYS_TEXTS } from './labels';

interface SecretPanelProps {
  created: CreatedApiKey;
  onDone: () => void;
}

/** The secret of a key just created, this once (only its SHA-256 is kept). */
export function SecretPanel({ created, onDone }: SecretPanelProps) {
  const { key, secret } = created;
  return (
    <ShownOnceSecret
      intro={
        <Text>
          <strong>{key.name}</strong> is ready. Systems send its secret as <Code>Authorization: Bearer …</Code>
        </Text>
      }
      warningTitle={API_KEYS_TEXTS.notAgain}
      warning={API_KEYS_TEXTS.secretWarning}
      label="Secret"
      secret={secret}
      testId="api-key-created"
      secretTestId="api-key-secret"
      onDone={onDone}
    />
  );
}
