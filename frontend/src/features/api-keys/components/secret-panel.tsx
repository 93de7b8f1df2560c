import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { FormAlert } from '@/components/form-alert';
import type { CreatedApiKey } from '../api/schemas';
import { API_KEYS_TEXTS } from './labels';

interface SecretPanelProps {
  created: CreatedApiKey;
  onDone: () => void;
}

/**
 * The secret of a key just created, this once (only its SHA-256 is kept): the warning, the secret
 * itself (`data-testid="api-key-secret"`) and a button that copies it.
 */
export function SecretPanel({ created, onDone }: SecretPanelProps) {
  const labelId = useId();
  const { key, secret } = created;
  return (
    <Stack gap="md" data-testid="api-key-created">
      <Text>
        <strong>{key.name}</strong> is ready. Systems send its secret as <Code>Authorization: Bearer …</Code>
      </Text>
      <FormAlert color="yellow" title={API_KEYS_TEXTS.notAgain}>
        {API_KEYS_TEXTS.secretWarning}
      </FormAlert>
      <Stack gap={4} role="group" aria-labelledby={labelId}>
        <Text id={labelId} size="sm" fw={500}>
          Secret
        </Text>
        <Code block data-testid="api-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
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
