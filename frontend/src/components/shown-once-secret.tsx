import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';

interface ShownOnceSecretProps {
  /** What the secret is for, above the warning. */
  intro: ReactNode;
  warningTitle: string;
  warning: ReactNode;
  /** The secret's label ('Secret', 'Signing secret'). */
  label: string;
  secret: string;
  /** `data-testid` of the panel; the secret's own is `secretTestId`. */
  testId: string;
  secretTestId: string;
  onDone: () => void;
}

/**
 * A secret the server shows this once and keeps only hashed or sealed (an API key, a webhook's
 * signing secret): what it is for, the warning that it will not be shown again, the secret and a
 * button that copies it.
 */
export function ShownOnceSecret({ intro, warningTitle, warning, label, secret, testId, secretTestId, onDone }: ShownOnceSecretProps) {
  const labelId = useId();
  return (
    <Stack gap="md" data-testid={testId}>
      {intro}
      <FormAlert color="yellow" title={warningTitle}>
        {warning}
      </FormAlert>
      <Stack gap={4} role="group" aria-labelledby={labelId}>
        <Text id={labelId} size="sm" fw={500}>
          {label}
        </Text>
        <Code block data-testid={secretTestId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
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
