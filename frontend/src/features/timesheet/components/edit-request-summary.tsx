import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/company-time';
import { REQUEST_STATUS_LABELS, type ChangeType, type EditRequest } from '../api/schemas';
import { BADGE_COLORS, BREAK_OPERATION_LABELS, breakLabel, CHANGE_TYPE_LABELS } from './labels';

/** Change types only the server makes (issue 39: presses made offline and held for a manager). */
const EXTRA_CHANGE_LABELS: Readonly<Record<string, string>> = { add: 'New shift', breaks: 'Breaks' };

/** A person's name as the requests show it. */
export const person = (first: string, last: string) => `${first} ${last}`.trim();

/** What an edit request asks: the change, the new times, the break operation and the reason. */
export function RequestSummary({ request, timeZone }: { request: EditRequest; timeZone: string }) {
  const changeType = request.changeType as ChangeType;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600}>
          Change:
        </Text>{' '}
        {CHANGE_TYPE_LABELS[changeType] ?? EXTRA_CHANGE_LABELS[request.changeType] ?? request.changeType}
      </Text>
      {request.payload.start ? (
        <Text size="sm">
          <Text span fw={600}>
            Clock In:
          </Text>{' '}
          {formatDateTime(request.payload.start, timeZone)}
        </Text>
      ) : null}
      {request.payload.end ? (
        <Text size="sm">
          <Text span fw={600}>
            Clock Out:
          </Text>{' '}
          {formatDateTime(request.payload.end, timeZone)}
        </Text>
      ) : null}
      <Text size="sm">
        <Text span fw={600}>
          Breaks:
        </Text>{' '}
        {BREAK_OPERATION_LABELS[request.payload.boptype] ?? request.payload.boptype}
        {request.payload.boptype === 'REPLACE' && request.payload.breaks.length > 0
          ? ` (${request.payload.breaks.map((b) => breakLabel(b, timeZone)).join(', ')})`
          : ''}
      </Text>
      {request.requestComments ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Reason:
          </Text>{' '}
          {request.requestComments}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The past requests of a shift (status above 0), each with who decided and when. */
export function RequestTrace({ requests, timeZone }: { requests: EditRequest[]; timeZone: string }) {
  return (
    <Stack gap="sm" data-testid="request-trace">
      <Title order={3} fz="md">
        Past requests
      </Title>
      {requests.map((r) => (
        <Paper key={r.id} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text size="xs" c="dimmed">
              {person(r.requesterFirstname, r.requesterLastname)} · {formatDateTime(r.requestDate, timeZone)}
            </Text>
            <Badge
              variant="filled"
              autoContrast
              color={r.status === 1 ? BADGE_COLORS.approved : r.status === 2 ? BADGE_COLORS.rejected : BADGE_COLORS.neutral}
            >
              {REQUEST_STATUS_LABELS[r.status] ?? String(r.status)}
            </Badge>
          </Group>
          <RequestSummary request={r} timeZone={timeZone} />
          {r.actDate ? (
            <Text size="xs" c="dimmed" mt={4}>
              {person(r.actorFirstname, r.actorLastname)} · {formatDateTime(r.actDate, timeZone)}
              {r.actComments ? ` · ${r.actComments}` : ''}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
