import { Anchor, Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { useRemoveManualAddition, useUndoSwitch } from '@/features/pto/api/employee-pto';
import { formatDateTime } from '@/lib/company-time';
import { sorry } from '@/lib/form-errors';
import { HISTORY_TYPES, useCancelPtoRequest, usePtoHistory, type PtoHistoryItem } from '../api/get-pto-history';
import { manageKeys } from '../api/keys';
import { failureMessage, formatTimeOff, slashDate, TEXTS, timeOffDates } from './labels';

const INBOX_PATH = '/admin/inbox';
const PENDING_STATUS = 0;

/** A request's own label by status (000 §4), for a server that sends no `statusLabel`. */
const REQUEST_LABELS: Readonly<Record<number, string>> = {
  0: 'Pending Approval',
  1: 'Pending Approval',
  2: 'Pending Approval',
  3: 'Approved',
  4: 'Denied',
  5: 'Cancelled',
};

/** What the other entries are. */
const ENTRY_LABELS: Readonly<Record<string, string>> = {
  [HISTORY_TYPES.cancelled]: 'Cancelled: hours returned',
  [HISTORY_TYPES.manual]: 'Manually Added',
  [HISTORY_TYPES.accrued]: 'Accrued',
  [HISTORY_TYPES.newPlan]: 'New PTO Plan',
};

const REMOVABLE_TYPES: readonly string[] = [HISTORY_TYPES.manual, HISTORY_TYPES.newPlan];

const typeOf = (item: PtoHistoryItem): string => item.request?.typeName || item.type || 'Time off';

const datesOf = (item: PtoHistoryItem): string =>
  item.request ? timeOffDates(item.request.start, item.request.end, item.request.partialday) : slashDate(item.date);

/** A request shows what it uses; other entries their signed effect on the balance. */
const hoursOf = (item: PtoHistoryItem): string =>
  item.dataType === HISTORY_TYPES.request ? formatTimeOff(item.request?.minutes || item.minutes) : formatTimeOff(item.minutes, { signed: true });

const statusOf = (item: PtoHistoryItem): string =>
  item.dataType === HISTORY_TYPES.request && item.request
    ? item.request.statusLabel || REQUEST_LABELS[item.request.status] || ''
    : (ENTRY_LABELS[item.dataType] ?? item.dataType);

const canCancel = (item: PtoHistoryItem): boolean => item.dataType === HISTORY_TYPES.request && !!item.request?.canCancel;
const canRemove = (item: PtoHistoryItem): boolean => item.removable && item.sourceId !== null && REMOVABLE_TYPES.includes(item.dataType);

/** The items by year, newest year first (the server sends them newest first). */
function byYear(items: readonly PtoHistoryItem[]): [number, PtoHistoryItem[]][] {
  const groups = new Map<number, PtoHistoryItem[]>();
  for (const item of items) groups.set(item.year, [...(groups.get(item.year) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => b - a);
}

function Line({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

interface ItemProps {
  item: PtoHistoryItem;
  timeZone: string;
  onCancel: (item: PtoHistoryItem) => void;
  onRemove: (item: PtoHistoryItem) => void;
}

function HistoryItem({ item, timeZone, onCancel, onRemove }: ItemProps) {
  const type = typeOf(item);
  const status = statusOf(item);
  const pending = item.dataType === HISTORY_TYPES.request && item.request?.status === PENDING_STATUS;
  const color = item.request?.color;
  const reason = item.reason ?? item.request?.reason ?? null;
  const creator = `${item.creatorFirstname ?? ''} ${item.creatorLastname ?? ''}`.trim();
  const submitted = item.submitted ?? item.request?.submitted ?? null;
  return (
    <Card withBorder radius="md" p="sm" component="li" data-testid="timeoff-history-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="nowrap">
            {color ? <Box aria-hidden w={10} h={10} style={{ borderRadius: 5, background: color, flex: 'none' }} /> : null}
            <Text fw={700}>{type}</Text>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {hoursOf(item)}
            </Text>
          </Group>
          <Text size="sm">{datesOf(item)}</Text>
          {pending ? (
            <Anchor component={Link} to={INBOX_PATH} size="sm" fw={600} data-testid="timeoff-status">
              {status}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed" data-testid="timeoff-status">
              {status}
            </Text>
          )}
          {reason ? <Line label="Reason">{reason}</Line> : null}
          {item.policyName ? <Line label="PTO Plan">{item.policyName}</Line> : null}
          {item.startingBalances.length > 0 ? (
            <Line label="Starting balances">{item.startingBalances.map((b) => `${b.ptoTypeName} ${formatTimeOff(b.value)}`).join(', ')}</Line>
          ) : null}
          {creator ? <Line label="By">{creator}</Line> : null}
          {submitted && item.dataType === HISTORY_TYPES.request ? (
            <Text size="xs" c="dimmed">
              Submitted {formatDateTime(submitted, timeZone)}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={6} align="flex-end">
          {canCancel(item) ? (
            <Button size="xs" variant="outline" color="red.9" aria-label={`Cancel ${type} ${datesOf(item)}`} onClick={() => onCancel(item)}>
              Cancel
            </Button>
          ) : null}
          {canRemove(item) ? (
            <Button size="xs" variant="outline" color="red.9" aria-label={`Remove ${hoursOf(item)} ${type}`} onClick={() => onRemove(item)}>
              Remove
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

type Pending = { action: 'cancel' | 'remove'; item: PtoHistoryItem };

/**
 * The folder's 'Time Off History' tab (spec 001 §2, tab 5): the person's requests and balance
 * entries by year, newest first. A request the viewer may cancel has Cancel; manual additions and
 * plan switches have Remove (managers and admins). Both ask first: there is no going back.
 */
export function TimeOffHistory({ employeeId, timeZone }: { employeeId: number; timeZone: string }) {
  const queryClient = useQueryClient();
  const history = usePtoHistory(employeeId);
  const cancel = useCancelPtoRequest();
  const removeAddition = useRemoveManualAddition(employeeId);
  const undoSwitch = useUndoSwitch(employeeId);
  // The question keeps its wording while it closes: `confirming` stays until the next one.
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (next: Pending) => {
    setConfirming(next);
    setAsking(true);
  };
  const [error, setError] = useState<string | null>(null);
  const busy = cancel.isPending || removeAddition.isPending || undoSwitch.isPending;

  const confirm = () => {
    if (!confirming) return;
    const { action, item } = confirming;
    setError(null);
    const options = {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.folderPtoHistory(employeeId) }),
      onError: (err: unknown) => setError(sorry(err)),
      onSettled: () => setAsking(false),
    };
    if (action === 'cancel' && item.request) {
      cancel.mutate(item.request.id, {
        ...options,
        // The hook refreshes every PTO query, this history among them.
        onSuccess: (answer) => {
          if (answer.message) notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message });
        },
      });
    } else if (action === 'remove' && item.sourceId !== null) {
      if (item.dataType === HISTORY_TYPES.newPlan) undoSwitch.mutate(item.sourceId, options);
      else removeAddition.mutate(item.sourceId, options);
    }
  };

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
                  <HistoryItem
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
