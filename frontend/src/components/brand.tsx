import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

function ClockMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--mantine-primary-color-filled)" />
      <path d="M16 7v9l6 4" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The product name and mark, linking home. `compact` shows only the mark on phones. */
export function Brand({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Group
      renderRoot={(props) => <Link to={to} {...props} />}
      gap={8}
      wrap="nowrap"
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label="Timekeep home"
    >
      <ClockMark />
      <Text fw={700} fz="lg" c="var(--mantine-color-text)" visibleFrom={compact ? 'xs' : undefined}>
        Timekeep
      </Text>
    </Group>
  );
}
