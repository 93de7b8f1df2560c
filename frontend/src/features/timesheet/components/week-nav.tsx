import { ActionIcon, Group, Text } from '@mantine/core';
import { formatIsoDate, type Week } from '@/lib/company-time';

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        stroke="currentColor"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The week shown (Sunday – Saturday) between 'Previous week' and 'Next week'. */
export function WeekNav({ week, onStep }: { week: Week; onStep: (steps: number) => void }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="week-nav">
      <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => onStep(-1)}>
        <Arrow direction="left" />
      </ActionIcon>
      <Text fw={600} px="xs" data-testid="week-range" style={{ whiteSpace: 'nowrap' }}>
        {formatIsoDate(week.start)} – {formatIsoDate(week.end)}
      </Text>
      <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => onStep(1)}>
        <Arrow direction="right" />
      </ActionIcon>
    </Group>
  );
}
