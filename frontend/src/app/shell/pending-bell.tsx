import { ActionIcon, Badge, Box, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
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

export const tasksLabel = (count: number): string => `Response Required: ${count} task${count === 1 ? '' : 's'}`;

/** The bell with its red count (what waits in the inbox plus what waits for the person's own response). */
function Bell({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Box pos="relative" style={{ display: 'inline-flex' }}>
      {children}
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

interface PendingBellProps {
  /** Admins and managers: the requests waiting in their inbox count too, and the bell leads there. */
  privileged: boolean;
  /** The `count` of GET /profile/my-tasks: what waits for the person's own response. */
  tasks: number;
  /** Opens the task dock ('Response Required'). */
  onOpenTasks: () => void;
}

function PrivilegedBell({ tasks, onOpenTasks }: Omit<PendingBellProps, 'privileged'>) {
  const pending = usePendingRequests({ refetchInterval: BELL_REFRESH_MS });
  const count = pending.data?.count ?? 0;
  if (tasks === 0) {
    return (
      <Bell count={count}>
        <ActionIcon component={Link} to={INBOX_PATH} variant="subtle" color="gray.8" size="lg" aria-label={bellLabel(count)} data-testid="pending-bell">
          <BellIcon />
        </ActionIcon>
      </Bell>
    );
  }
  // Both kinds wait: the bell offers the inbox and the task dock.
  return (
    <Bell count={count + tasks}>
      <Menu position="bottom-end" width={240} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={`${bellLabel(count)}; ${tasksLabel(tasks)}`} data-testid="pending-bell">
            <BellIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={INBOX_PATH}>
            {`Inbox (${count})`}
          </Menu.Item>
          <Menu.Item onClick={onOpenTasks}>{`Response Required (${tasks})`}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Bell>
  );
}

/**
 * The bell of the top bar. Admins and managers: how many requests wait for them in the inbox
 * (time off and timesheet edits, asked again every minute), linking there; everyone: plus what
 * waits for their own response (my-tasks), which opens the task dock. An employee with nothing
 * waiting sees no bell.
 */
export function PendingBell({ privileged, tasks, onOpenTasks }: PendingBellProps) {
  if (privileged) return <PrivilegedBell tasks={tasks} onOpenTasks={onOpenTasks} />;
  if (tasks === 0) return null;
  return (
    <Bell count={tasks}>
      <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={tasksLabel(tasks)} onClick={onOpenTasks} data-testid="pending-bell" aria-haspopup="dialog">
        <BellIcon />
      </ActionIcon>
    </Bell>
  );
}
