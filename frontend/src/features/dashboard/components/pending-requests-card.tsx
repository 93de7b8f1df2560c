import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { PersonAvatar } from '@/components/person-avatar';
import { formatDateTime } from '@/lib/company-time';
import { timeOffDates } from '@/lib/time-off';
import type { PendingRequests } from '../api/get-pending-requests';
import { DASHBOARD_TEXTS, splitName } from './labels';

export const INBOX_PATH = '/admin/inbox';
/** The card lists the newest few; the inbox has them all. */
const SHOWN = 5;

interface PendingRequestsCardProps {
  data: PendingRequests | undefined;
  loading: boolean;
  timeZone: string;
}

interface Row {
  key: string;
  name: string;
  avatar: string | null;
  /** What is asked and when. */
  detail: string;
}

/** Time-off requests first, then timesheet edits (as the inbox lists them), the newest few. */
function rowsOf(data: PendingRequests | undefined, timeZone: string): Row[] {
  if (!data) return [];
  const timeOff = data.timeoffRequests.map((r) => ({
    key: `timeoff-${r.id}`,
    name: r.name,
    avatar: r.avatar,
    detail: `${r.type || 'Time off'} · ${timeOffDates(r.start, r.end, r.allday === 0)}`,
  }));
  const edits = data.timesheetEditRequests.map((r) => ({
    key: `timesheet-${r.id}`,
    name: r.name,
    avatar: r.avatar,
    detail: `Timesheet edit · ${formatDateTime(r.requestDate, timeZone)}`,
  }));
  return [...timeOff, ...edits].slice(0, SHOWN);
}

/** Requests waiting for a response (spec 001 §2): time off and timesheet edits, linking to the inbox. */
export function PendingRequestsCard({ data, loading, timeZone }: PendingRequestsCardProps) {
  const count = data?.count ?? 0;
  const rows = rowsOf(data, timeZone);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pending-requests-title" data-testid="pending-requests">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="pending-requests-title">
            Pending Requests
          </Title>
          {data ? (
            <Badge color={count > 0 ? 'red.9' : 'gray.7'} variant="filled" autoContrast size="lg" data-testid="pending-count">
              {count}
              <VisuallyHidden> pending</VisuallyHidden>
            </Badge>
          ) : null}
        </Group>
        {loading ? (
          <Loader size="sm" role="status" aria-label="Loading the pending requests" />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{DASHBOARD_TEXTS.noData}</Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => {
              const { firstname, lastname } = splitName(row.name);
              return (
                <Group key={row.key} component="li" gap="sm" wrap="nowrap" data-testid="pending-request">
                  <PersonAvatar url={row.avatar} firstname={firstname} lastname={lastname} size={32} />
                  <Stack gap={0} miw={0}>
                    <Text fw={600} size="sm" truncate="end">
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.detail}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        )}
        <Anchor component={Link} to={INBOX_PATH} fw={600} size="sm">
          {count > 0 ? `Review ${count === 1 ? 'the request' : `all ${count} requests`} in the Inbox` : 'Go to the Inbox'}
        </Anchor>
      </Stack>
    </Paper>
  );
}
