import { Box, Group, Text } from '@mantine/core';
import { AGENDA_KINDS, AGENDA_LOOKS } from './agenda-labels';

/** What each colour of the calendar means. */
export function AgendaLegend() {
  return (
    <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Legend" data-testid="agenda-legend">
      {AGENDA_KINDS.map((kind) => (
        <Group component="li" key={kind} gap={6} wrap="nowrap">
          <Box
            aria-hidden="true"
            w={14}
            h={14}
            style={{ borderRadius: 'var(--mantine-radius-sm)', background: AGENDA_LOOKS[kind].background, flexShrink: 0 }}
          />
          <Text size="sm">{AGENDA_LOOKS[kind].label}</Text>
        </Group>
      ))}
    </Group>
  );
}
