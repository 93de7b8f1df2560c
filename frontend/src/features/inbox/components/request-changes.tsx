import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/company-time';
import { decodePayload, type InboxTimesheetRow } from '../api/schemas';
import { breaksText, CHANGE_TYPE_LABELS } from './labels';

function Line({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** What a timesheet edit request changes, decoded from its payload, on the company clock. */
export function RequestChanges({ row, timeZone }: { row: InboxTimesheetRow; timeZone: string }) {
  const payload = decodePayload(row.payload);
  const changeType = CHANGE_TYPE_LABELS[row.changeType];
  return (
    <Stack gap={2} data-testid="request-changes">
      {changeType ? <Line label="Change">{changeType}</Line> : null}
      {payload.start ? <Line label="Clock In">{formatDateTime(payload.start, timeZone)}</Line> : null}
      {payload.end ? <Line label="Clock Out">{formatDateTime(payload.end, timeZone)}</Line> : null}
      <Line label="Breaks">{breaksText(payload.boptype, payload.breaks, timeZone)}</Line>
      {row.requestComments ? <Line label="Comment">{row.requestComments}</Line> : null}
    </Stack>
  );
}
