import { Box, Group, Text } from '@mantine/core';
import { AGENDA_KINDS, AGENDA_LOOKS, MY_PENDING_LABEL } from './agenda-labels';

/**
 * What each colour of the calendar means. `ownPendingOnly`: the viewer reaches only themselves,
 * so the pending time off on the calendar is theirs and the legend says so. `withLicences`: licence
 * expiries or CE due dates are on screen (issue 42), so 'Licence' is named too.
 */
export function AgendaLegend({ ownPendingOnly = false, withLicences = false }: { ownPendingOnly?: boolean; withLicences?: boolean }) {
  return (
    <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Legend" data-testid="agenda-legend">
      {AGENDA_KINDS.filter((kind) => kind !== 'licence' || withLicences).map((kind) => (
        <Group component="li" key={kind} gap={6} wrap="nowrap">
          <Box
            aria-hidden="true"
            w={14}
            h={14}
            style={{ borderRadius: 'var(--mantine-radius-sm)', background: AGENDA_LOOKS[kind].background, flexShrink: 0 }}
          />
          <Text size="sm">{kind === 'pending' && ownPendingOnly ? MY_PENDING_LABEL : AGENDA_LOOKS[kind].label}</Text>
        </Group>
      ))}
    </Group>
  );
}
