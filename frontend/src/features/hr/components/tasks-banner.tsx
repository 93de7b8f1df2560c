import { Alert, Button, Group, Text } from '@mantine/core';

/** 'You have 2 tasks waiting for your response.' */
export function tasksBannerText(waiting: number, overdue: boolean): string {
  const tasks = `${waiting} task${waiting === 1 ? '' : 's'}`;
  return overdue ? `You have ${tasks} waiting for your response, and something is overdue.` : `You have ${tasks} waiting for your response.`;
}

/**
 * What waits for the person's response, as a line on the page instead of a sheet over it: on the
 * clock screen always (the dock never opens there by itself), elsewhere while something is
 * overdue. 'Respond' opens the task dock.
 */
export function TasksBanner({ waiting, overdue, onOpen }: { waiting: number; overdue: boolean; onOpen: () => void }) {
  return (
    <Alert
      color={overdue ? 'red' : 'blue'}
      variant="light"
      mb="md"
      p="xs"
      data-testid="tasks-banner"
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={overdue ? 600 : 400}>
          {tasksBannerText(waiting, overdue)}
        </Text>
        <Button size="compact-sm" variant="filled" color={overdue ? 'red.9' : 'blue.8'} onClick={onOpen} aria-haspopup="dialog" style={{ flexShrink: 0 }}>
          Respond
        </Button>
      </Group>
    </Alert>
  );
}
