import { ActionIcon, Badge, Box } from '@mantine/core';
import { Link } from 'react-router';
import { BELL_REFRESH_MS, usePendingRequests } from '@/features/dashboard/api/get-pending-requests';

export const INBOX_PATH = '/admin/inbox';

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

export const bellLabel = (count: number): string =>
  count === 0 ? 'Inbox: no pending requests' : `Inbox: ${count} pending request${count === 1 ? '' : 's'}`;

/**
 * The bell of admins and managers: how many requests wait for them (time off and timesheet edits:
 * the server's `count` covers both kinds), asked again every minute.
 */
export function PendingBell() {
  const pending = usePendingRequests({ refetchInterval: BELL_REFRESH_MS });
  const count = pending.data?.count ?? 0;
  return (
    <Box pos="relative" style={{ display: 'inline-flex' }}>
      <ActionIcon component={Link} to={INBOX_PATH} variant="subtle" color="gray.8" size="lg" aria-label={bellLabel(count)} data-testid="pending-bell">
        <BellIcon />
      </ActionIcon>
      {count > 0 ? (
        <Badge
          color="red.9"
          variant="filled"
          size="xs"
          circle={count < 10}
          aria-hidden="true"
          data-testid="pending-bell-count"
          style={{ position: 'absolute', top: -4, right: -6, pointerEvents: 'none' }}
        >
          {count > 99 ? '99+' : count}
        </Badge>
      ) : null}
    </Box>
  );
}
