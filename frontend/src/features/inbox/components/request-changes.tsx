import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/company-time';
import { decodePayload, type InboxTimesheetRow } from '../api/schemas';
import { breaksText, CHANGE_TYPE_LABELS, newShiftText } from './labels';

function Line({ label, children }: { label: string; children: string }) {
  return (
    // Line breaks kept: a request built from presses held offline lists one reason a line.
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
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
  if (row.changeType === 'add' || row.entryId === null) {
    // A shift that does not exist yet: there is nothing to link to, only what it would be.
    return (
      <Stack gap={2} data-testid="request-changes">
        <Text size="sm" fw={600} data-testid="new-shift">
          {newShiftText(payload.start, payload.end, timeZone)}
        </Text>
        {payload.breaks.length > 0 ? <Line label="Breaks">{breaksText('REPLACE', payload.breaks, timeZone).replace(/^Replace with /, '')}</Line> : null}
        {row.requestComments ? <Line label="Reason">{row.requestComments}</Line> : null}
      </Stack>
    );
  }
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
