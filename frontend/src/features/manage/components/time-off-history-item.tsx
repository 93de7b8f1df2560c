import { Anchor, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/company-time';
import { HISTORY_TYPES, type PtoHistoryItem } from '../api/get-pto-history';
import { formatTimeOff, slashDate, timeOffDates } from './labels';

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

/** One entry of the folder's time off history: what, how many hours, when, its status (a pending request links to the inbox); Cancel or Remove when allowed. */
export function TimeOffHistoryItem({ item, timeZone, onCancel, onRemove }: ItemProps) {
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
