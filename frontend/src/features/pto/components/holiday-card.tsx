import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatHolidayDate, type PaidHoliday } from '../api/holidays';

/** A holiday's card: date (MM/DD/YYYY) and name; Edit and Delete for admins. */
export function HolidayCard({ holiday, canEdit, onEdit, onDelete }: { holiday: PaidHoliday; canEdit: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" p="md" data-testid="paid-holiday">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" fw={600}>
          {formatHolidayDate(holiday.holiday)}
        </Text>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {holiday.name}
        </Text>
        {canEdit ? (
          <Group gap="xs">
            <Button size="xs" variant="light" aria-label={`Edit ${holiday.name}`} onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${holiday.name}`} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
