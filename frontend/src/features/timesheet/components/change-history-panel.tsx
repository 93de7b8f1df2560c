import { Loader, Paper, Stack, Text } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { formatDateTime } from '@/lib/company-time';
import { useTimesheetChanges } from '../api/get-timesheet-changes';
import { fullName, type Entry } from '../api/schemas';
import { ACTION_LABELS, dateTimeOrDash, failureMessage, TEXTS } from './labels';

/** Every change of a shift: field, original and new value, who and when (GET /timesheet/changes). */
export function ChangeHistoryPanel({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  const changes = useTimesheetChanges(entry.id);
  if (changes.isLoading) return <Loader size="sm" />;
  if (changes.isError) return <FormAlert>{failureMessage(changes.error)}</FormAlert>;
  const list = changes.data ?? [];
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="change-history">
        {TEXTS.noChange}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="change-history">
      {list.map((c) => (
        <Paper key={`${c.changeDate}-${c.changeField}-${c.changeValue ?? ''}`} withBorder p="sm" radius="md" data-testid="change">
          <Text size="sm" fw={600}>
            {ACTION_LABELS[c.changeField] ?? c.changeField}
          </Text>
          <Text size="sm">
            {dateTimeOrDash(c.originalValue, timeZone)} → {dateTimeOrDash(c.changeValue, timeZone)}
          </Text>
          <Text size="xs" c="dimmed">
            {fullName(c)} · {formatDateTime(c.changeDate, timeZone)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
