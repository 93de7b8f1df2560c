import { Badge, Group, Text } from '@mantine/core';
import { formatTime } from '@/lib/company-time';

/**
 * A person's current clock status (contract: 0 not clocked in today, 1 clocked in, 2 on a break,
 * 3 clocked out today), in the clock card's words. Filled colours with automatic text contrast:
 * light badges' tinted text fails WCAG AA.
 */
export const CLOCK_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Not clocked in',
  1: 'Clocked in',
  2: 'On a break',
  3: 'Clocked out',
};
const COLORS: Readonly<Record<number, string>> = { 0: 'gray.7', 1: 'green.9', 2: 'yellow.4', 3: 'blue.8' };

export const clockStatusLabel = (status: number): string => CLOCK_STATUS_LABELS[status] ?? CLOCK_STATUS_LABELS[0]!;

interface ClockStatusBadgeProps {
  status: number;
  /** When the status began (ISO UTC), shown on the company clock. */
  since?: string | null;
  timeZone: string;
}

export function ClockStatusBadge({ status, since = null, timeZone }: ClockStatusBadgeProps) {
  const known = status in CLOCK_STATUS_LABELS ? status : 0;
  return (
    <Group gap={6} wrap="nowrap" data-testid="clock-status">
      <Badge color={COLORS[known]} variant="filled" autoContrast>
        {clockStatusLabel(known)}
      </Badge>
      {since && known !== 0 ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          since {formatTime(since, timeZone)}
        </Text>
      ) : null}
    </Group>
  );
}
