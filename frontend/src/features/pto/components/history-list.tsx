import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { formatDateTime, formatIsoDate } from '@/lib/company-time';
import { sorry } from '@/lib/form-errors';
import { useRemoveManualAddition, useUndoSwitch } from '../api/employee-pto';
import { fullName, REQUEST_STATUS, useCancelTimeOff, useInvalidateTimeOff, useTimeOffHistory, type HistoryItem, type PtoRequest } from '../api/requests';
import { formatPtoMinutes, statusColor, TIME_OFF_TEXTS, timeOffDates } from './time-off-labels';

/** Labels of the history's entries that are not requests. */
const ENTRY_LABELS: Record<string, string> = {
  MANUALLY_ADDITION: 'Added by hand',
  ACCRUED: 'Accrued',
  NEW_PTO_PLAN: 'New PTO plan',
};

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

const signed = (minutes: number): string => `${minutes >= 0 ? '+' : '-'}${formatPtoMinutes(Math.abs(minutes))}`;

const requestDates = (request: PtoRequest): string => timeOffDates(request.start, request.end, !request.partialday);

type Confirming = { kind: 'cancel'; request: PtoRequest } | { kind: 'remove'; item: HistoryItem };

interface HistoryEntryProps {
  item: HistoryItem;
  timeZone: string;
  onEdit: (request: PtoRequest) => void;
  onConfirm: (what: Confirming) => void;
}

function RequestEntry({ item, request, timeZone, onEdit, onConfirm }: HistoryEntryProps & { request: PtoRequest }) {
  const cancelled = item.dataType === 'PTO_CANCELLED';
  const dates = requestDates(request);
  const filedBy = request.requestedBy && request.requestedBy.id !== request.employeeId ? fullName(request.requestedBy) : null;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={600}>{item.type}</Text>
        <Badge color={cancelled ? statusColor(REQUEST_STATUS.cancelled) : statusColor(request.status)} variant="filled" autoContrast data-testid="history-status">
          {cancelled ? 'Cancelled' : request.statusLabel}
        </Badge>
      </Group>
      <Text size="sm" data-testid="history-dates">
        {dates}
      </Text>
      <Text size="sm" fw={500} data-testid="history-hours">
        {cancelled ? `${formatPtoMinutes(Math.abs(item.minutes))} returned` : formatPtoMinutes(request.minutes)}
      </Text>
      {item.reason || request.reason ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Reason: {item.reason ?? request.reason}
        </Text>
      ) : null}
      {!cancelled && request.actor && request.actDate ? (
        <Text size="xs" c="dimmed">
          {request.statusLabel} by {request.actor} on {formatDateTime(request.actDate, timeZone)}
          {request.actComments ? `: ${request.actComments}` : ''}
        </Text>
      ) : null}
      {!cancelled && (item.submitted || filedBy) ? (
        <Text size="xs" c="dimmed">
          {item.submitted ? `Submitted ${formatDateTime(item.submitted, timeZone)}` : 'Submitted'}
          {filedBy ? ` by ${filedBy}` : ''}
        </Text>
      ) : null}
      {!cancelled && (request.canEdit || request.canCancel) ? (
        <Group gap="xs" mt={4}>
          {request.canEdit ? (
            <Button size="xs" variant="light" aria-label={`Edit ${item.type} ${dates}`} onClick={() => onEdit(request)}>
              Edit
            </Button>
          ) : null}
          {request.canCancel ? (
            <Button size="xs" variant="outline" color="red.9" aria-label={`Cancel ${item.type} ${dates}`} onClick={() => onConfirm({ kind: 'cancel', request })}>
              Cancel
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function OtherEntry({ item, onConfirm }: Pick<HistoryEntryProps, 'item' | 'onConfirm'>) {
  const creator = fullName({ firstname: item.creatorFirstname, lastname: item.creatorLastname });
  const label = ENTRY_LABELS[item.dataType] ?? item.dataType;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={600}>{item.dataType === 'NEW_PTO_PLAN' && item.policyName ? `${label}: ${item.policyName}` : item.type}</Text>
        <Badge color="gray.7" variant="filled" autoContrast data-testid="history-status">
          {label}
        </Badge>
      </Group>
      <Text size="sm" data-testid="history-dates">
        {formatIsoDate(item.date)}
      </Text>
      {item.dataType === 'NEW_PTO_PLAN' && item.startingBalances && item.startingBalances.length > 0 ? (
        <Stack gap={0} data-testid="history-starting-balances">
          {item.startingBalances.map((b) => (
            <Text key={b.ptoTypeName} size="sm">
              {b.ptoTypeName}: {formatPtoMinutes(b.value)}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm" fw={500} data-testid="history-hours">
          {signed(item.minutes)}
        </Text>
      )}
      {item.reason ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Reason: {item.reason}
        </Text>
      ) : null}
      {creator ? (
        <Text size="xs" c="dimmed">
          By {creator}
        </Text>
      ) : null}
      {item.removable && item.sourceId !== null ? (
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={`Remove ${label} ${item.type} ${formatIsoDate(item.date)}`}
            onClick={() => onConfirm({ kind: 'remove', item })}
          >
            Remove
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
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
  const cancel = useCancelTimeOff();
  const removeAddition = useRemoveManualAddition(employeeId);
  const undoSwitch = useUndoSwitch(employeeId);
  const invalidate = useInvalidateTimeOff();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const groups = useMemo(() => groupByYear(history.data?.items ?? []), [history.data]);

  const confirm = () => {
    if (!confirming) return;
    setError(null);
    setNotice(null);
    const done = { onError: (err: unknown) => setError(sorry(err)), onSettled: () => setConfirming(null) };
    if (confirming.kind === 'cancel') {
      const { id } = confirming.request;
      cancel.mutate(id, {
        ...done,
        onSuccess: (result) => {
          setNotice(result.message);
          onCancelled(id);
        },
      });
      return;
    }
    const { item } = confirming;
    const removed = {
      ...done,
      onSuccess: async () => {
        setNotice('The entry has been removed.');
        await invalidate();
      },
    };
    if (item.dataType === 'MANUALLY_ADDITION' && item.sourceId !== null) removeAddition.mutate(item.sourceId, removed);
    else if (item.dataType === 'NEW_PTO_PLAN' && item.sourceId !== null) undoSwitch.mutate(item.sourceId, removed);
    else {
      // Spec 000 §8: only logged.
      console.warn(TIME_OFF_TEXTS.unsupportedRemoval);
      setConfirming(null);
    }
  };

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
        loading={cancel.isPending || removeAddition.isPending || undoSwitch.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
