import { Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { useTimeOffHistory, type HistoryItem, type PtoRequest } from '../api/requests';
import { OtherEntry, RequestEntry } from './history-entries';
import { TIME_OFF_TEXTS } from './time-off-labels';
import { useHistoryActions } from './use-history-actions';

/** The entries by year, newest year first; inside a year the server's order (newest first). */
export function groupByYear(items: readonly HistoryItem[]): { year: number; items: HistoryItem[] }[] {
  const years = new Map<number, HistoryItem[]>();
  for (const item of items) {
    const list = years.get(item.year) ?? [];
    list.push(item);
    years.set(item.year, list);
  }
  return [...years.entries()].sort(([a], [b]) => b - a).map(([year, list]) => ({ year, items: list }));
}

interface HistoryListProps {
  /** The person whose history this is (their id for the removal calls). */
  employeeId: number;
  /** The `eid` the screen asks with (null: the caller). */
  eid: number | null;
  timeZone: string;
  onEdit: (request: PtoRequest) => void;
  /** A request was cancelled (the form stops editing it). */
  onCancelled: (id: number) => void;
}

/**
 * Time Off History (spec 000 §2, §4): by year, newest first. Pending requests offer Edit (whoever
 * filed them) and Cancel; approvers also cancel approved and denied ones. Managers and admins
 * remove manual additions and plan switches. Every cancel and removal is confirmed first (§8).
 */
export function HistoryList({ employeeId, eid, timeZone, onEdit, onCancelled }: HistoryListProps) {
  const history = useTimeOffHistory(eid);
  const { confirming, setConfirming, notice, error, busy, confirm } = useHistoryActions({ employeeId, onCancelled });
  const groups = useMemo(() => groupByYear(history.data?.items ?? []), [history.data]);

  return (
    <Card withBorder radius="md" p="lg" data-testid="history-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Time Off History
        </Title>
        {notice ? <FormAlert color="green">{notice}</FormAlert> : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        {history.isLoading ? (
          <Loader size="sm" aria-label="Loading the time off history" />
        ) : history.isError ? (
          <FormAlert>{loadErrorMessage(history.error)}</FormAlert>
        ) : groups.length === 0 ? (
          <Text data-testid="history-empty">{TIME_OFF_TEXTS.noRequests}</Text>
        ) : (
          groups.map((group) => (
            <Stack key={group.year} gap="xs" component="section" aria-label={String(group.year)} data-testid="history-year">
              <Title order={3} fz="md">
                {group.year}
              </Title>
              {group.items.map((item) => (
                <Card key={item.key} withBorder radius="md" p="sm" data-testid="history-item">
                  {item.request ? (
                    <RequestEntry item={item} request={item.request} timeZone={timeZone} onEdit={onEdit} onConfirm={setConfirming} />
                  ) : (
                    <OtherEntry item={item} onConfirm={setConfirming} />
                  )}
                </Card>
              ))}
            </Stack>
          ))
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={TIME_OFF_TEXTS.confirmTitle}
        message={TIME_OFF_TEXTS.confirmCancelOrRemove}
        confirmLabel={confirming?.kind === 'remove' ? 'Remove' : 'Cancel Request'}
        cancelLabel="Go Back"
        danger
        loading={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
