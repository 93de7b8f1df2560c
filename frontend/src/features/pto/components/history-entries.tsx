import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ApprovalWaiting } from '@/components/approval-line';
import { formatDateTime, formatIsoDate } from '@/lib/company-time';
import { fullName, REQUEST_STATUS, type HistoryItem, type PtoRequest } from '../api/requests';
import { formatPtoMinutes, statusColor, timeOffDates } from './time-off-labels';

/** Labels of the history's entries that are not requests. */
const ENTRY_LABELS: Record<string, string> = {
  MANUALLY_ADDITION: 'Added by hand',
  ACCRUED: 'Accrued',
  NEW_PTO_PLAN: 'New PTO plan',
};

const signed = (minutes: number): string => `${minutes >= 0 ? '+' : '-'}${formatPtoMinutes(Math.abs(minutes))}`;

const requestDates = (request: PtoRequest): string => timeOffDates(request.start, request.end, !request.partialday);

/** What the history asks about before doing it: cancelling a request, or removing an entry. */
export type Confirming = { kind: 'cancel'; request: PtoRequest } | { kind: 'remove'; item: HistoryItem };

interface HistoryEntryProps {
  item: HistoryItem;
  timeZone: string;
  onEdit: (request: PtoRequest) => void;
  onConfirm: (what: Confirming) => void;
}

/** A request: type, status, dates, hours, reason, who acted and who filed it; Edit and Cancel when allowed. */
export function RequestEntry({ item, request, timeZone, onEdit, onConfirm }: HistoryEntryProps & { request: PtoRequest }) {
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
      {/* Issue 41: a pending request on an approval path says whom it waits for, and since when. */}
      {!cancelled && request.status === REQUEST_STATUS.pending ? <ApprovalWaiting approval={request.approval} timeZone={timeZone} /> : null}
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

/** An entry that is not a request (added by hand, accrued, a new plan): its effect, reason and creator; Remove when allowed. */
export function OtherEntry({ item, onConfirm }: Pick<HistoryEntryProps, 'item' | 'onConfirm'>) {
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
