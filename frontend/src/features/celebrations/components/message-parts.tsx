import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { MessageSource } from '../api/celebrations';
import { SOURCE_LABELS } from './labels';

/** A message as it is written (line breaks kept, placeholders as they are). */
export function MessageText({ children, testId }: { children: string; testId?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)" data-testid={testId}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Paper>
  );
}

/** The message in use and where it comes from. */
export function EffectiveMessage({ effective, source, sourceLabels = SOURCE_LABELS }: { effective: string; source: MessageSource; sourceLabels?: Record<MessageSource, string> }) {
  return (
    <Stack gap={6}>
      <Group gap="xs" justify="space-between">
        <Text fw={600} size="sm">
          Message in use
        </Text>
        <Badge variant="light" color="gray" size="sm" data-testid="message-source" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}>
          {sourceLabels[source]}
        </Badge>
      </Group>
      <MessageText testId="effective-message">{effective}</MessageText>
    </Stack>
  );
}

/** The system's default text, as a hint beside an editor. */
export function SystemDefault({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Stack gap={6} data-testid="system-default">
      <Text fw={600} size="sm">
        System default
      </Text>
      <MessageText>{message}</MessageText>
    </Stack>
  );
}
