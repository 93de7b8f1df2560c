import { Card, Loader, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { usePtoHistory, type PtoHistoryItem } from '../api/get-pto-history';
import { failureMessage, TEXTS } from './labels';
import { TimeOffHistoryItem } from './time-off-history-item';
import { useTimeOffHistoryActions } from './use-time-off-history-actions';

/** The items by year, newest year first (the server sends them newest first). */
function byYear(items: readonly PtoHistoryItem[]): [number, PtoHistoryItem[]][] {
  const groups = new Map<number, PtoHistoryItem[]>();
  for (const item of items) groups.set(item.year, [...(groups.get(item.year) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => b - a);
}

/**
 * The folder's 'Time Off History' tab (spec 001 §2, tab 5): the person's requests and balance
 * entries by year, newest first. A request the viewer may cancel has Cancel; manual additions and
 * plan switches have Remove (managers and admins). Both ask first: there is no going back.
 */
export function TimeOffHistory({ employeeId, timeZone }: { employeeId: number; timeZone: string }) {
  const history = usePtoHistory(employeeId);
  const { confirming, asking, setAsking, ask, error, busy, confirm } = useTimeOffHistoryActions(employeeId);

  const items = history.data?.items ?? [];
  return (
    <Card withBorder radius="md" p="lg" data-testid="timeoff-history">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Time Off History
        </Title>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {history.isPending ? (
          <Loader size="sm" aria-label="Loading the time off history" />
        ) : history.isError ? (
          <FormAlert>{failureMessage(history.error)}</FormAlert>
        ) : items.length === 0 ? (
          <Text c="dimmed" data-testid="timeoff-history-empty">
            {TEXTS.noTimeOff}
          </Text>
        ) : (
          byYear(items).map(([year, entries]) => (
            <Stack key={year} gap="xs" component="section" aria-labelledby={`timeoff-year-${year}`} data-testid="timeoff-history-year">
              <Title order={3} fz="md" id={`timeoff-year-${year}`}>
                {year}
              </Title>
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {entries.map((item) => (
                  <TimeOffHistoryItem
                    key={item.key}
                    item={item}
                    timeZone={timeZone}
                    onCancel={(i) => ask({ action: 'cancel', item: i })}
                    onRemove={(i) => ask({ action: 'remove', item: i })}
                  />
                ))}
              </Stack>
            </Stack>
          ))
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Are you sure?"
        message={confirming?.action === 'remove' ? TEXTS.removeTimeOff : TEXTS.cancelTimeOff}
        confirmLabel={confirming?.action === 'remove' ? 'Remove' : 'Yes'}
        cancelLabel={confirming?.action === 'remove' ? 'Cancel' : 'No'}
        danger
        loading={busy}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      />
    </Card>
  );
}
