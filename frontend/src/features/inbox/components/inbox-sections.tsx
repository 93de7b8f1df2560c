import { Anchor, Badge, Checkbox, Group, Loader, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useIsPhone } from '@/lib/media';
import type { InboxData } from '../api/schemas';
import { INBOX_TEXTS } from './labels';
import type { RejectTarget } from './reject-panel';
import { PendingRequestCard, RespondedRequestCard } from './request-card';
import { PendingTimeOffCard, RespondedTimeOffCard } from './timeoff-card';

function ShowMore({ to }: { to: string }) {
  return (
    <Group justify="center">
      <Anchor component={Link} to={to} fw={600} preventScrollReset>
        Show More
      </Anchor>
    </Group>
  );
}

/** Each kind of a section shows up to `page * 10` rows: more to see when either kind has more than it shows. */
const hasMore = (...parts: { rows: readonly unknown[]; count: number }[]) => parts.some((part) => part.count > part.rows.length);

interface PendingSectionProps {
  pending: InboxData['pending'] | undefined;
  loading: boolean;
  timeZone: string;
  /** The address of the next page ('Show More'). */
  moreHref: string;
  onReject: (target: RejectTarget) => void;
  /** Who answers the requests the viewer may not (the inbox's `whoAnswers`). */
  whoAnswers: InboxData['whoAnswers'];
}

/** 'Requests': the pending time-off requests, then the timesheet edits, with their count. */
export function PendingSection({ pending, loading, timeZone, moreHref, onReject, whoAnswers }: PendingSectionProps) {
  const ownApprovers = (row: { mayAnswer: boolean; employeeId: number }) =>
    row.mayAnswer ? null : (whoAnswers.find((entry) => entry.employeeId === row.employeeId)?.names ?? []);
  const pendingCount = pending ? pending.timeoff.count + pending.timesheet.count : 0;
  const pendingShown = pending ? pending.timeoff.rows.length + pending.timesheet.rows.length : 0;
  return (
    <Stack gap="md" component="section" aria-labelledby="inbox-requests">
      <Group gap="sm">
        <Title order={2} fz="xl" id="inbox-requests">
          Requests
        </Title>
        {pending ? (
          <Badge color={pendingCount > 0 ? 'red.9' : 'gray.7'} variant="filled" autoContrast size="lg" data-testid="pending-total">
            {pendingCount}
            <VisuallyHidden> pending</VisuallyHidden>
          </Badge>
        ) : null}
      </Group>
      {loading ? (
        <Loader size="sm" role="status" aria-label="Loading the requests" />
      ) : !pending || pendingShown === 0 ? (
        <Text c="dimmed" data-testid="no-pending">
          {INBOX_TEXTS.noPending}
        </Text>
      ) : (
        <>
          {pending.timeoff.rows.map((row) => (
            <PendingTimeOffCard
              key={`timeoff-${row.id}`}
              row={row}
              timeZone={timeZone}
              onReject={(r) => onReject({ kind: 'timeoff', row: r })}
              ownApprovers={ownApprovers(row)}
            />
          ))}
          {pending.timesheet.rows.map((row) => (
            <PendingRequestCard
              key={`timesheet-${row.id}`}
              row={row}
              timeZone={timeZone}
              onReject={(r) => onReject({ kind: 'timesheet', row: r })}
              ownApprovers={ownApprovers(row)}
            />
          ))}
          {hasMore(pending.timeoff, pending.timesheet) ? <ShowMore to={moreHref} /> : null}
        </>
      )}
    </Stack>
  );
}

interface RespondedSectionProps {
  completed: InboxData['completed'] | undefined;
  loading: boolean;
  timeZone: string;
  moreHref: string;
  includesTerminated: boolean;
  onIncludesTerminatedChange: (include: boolean) => void;
  /** The employee filter: a person's id, or ALL_EMPLOYEES' value. */
  employee: string;
  employeeOptions: { value: string; label: string }[];
  onEmployeeChange: (value: string | null) => void;
}

/** 'Responded': the answered requests, filtered by employee (terminated people when asked). */
export function RespondedSection(props: RespondedSectionProps) {
  const { completed, loading, timeZone, moreHref, includesTerminated, onIncludesTerminatedChange, employee, employeeOptions, onEmployeeChange } = props;
  const isPhone = useIsPhone();
  const completedShown = completed ? completed.timeoff.rows.length + completed.timesheet.rows.length : 0;
  return (
    <Stack gap="md" component="section" aria-labelledby="inbox-responded">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="xl" id="inbox-responded">
          Responded
        </Title>
        <Group gap="md" align="flex-end" w={isPhone ? '100%' : undefined}>
          <Checkbox
            label="Include terminated employees"
            checked={includesTerminated}
            onChange={(event) => onIncludesTerminatedChange(event.currentTarget.checked)}
            mb={8}
          />
          <Select
            label="Employee"
            data={employeeOptions}
            value={employee}
            onChange={onEmployeeChange}
            allowDeselect={false}
            searchable
            maxDropdownHeight={250}
            w={isPhone ? '100%' : 240}
            data-testid="employee-filter"
          />
        </Group>
      </Group>
      {loading ? (
        <Loader size="sm" role="status" aria-label="Loading the responses" />
      ) : !completed || completedShown === 0 ? (
        <Text c="dimmed" data-testid="no-responded">
          {INBOX_TEXTS.noResponded}
        </Text>
      ) : (
        <>
          {completed.timeoff.rows.map((row) => (
            <RespondedTimeOffCard key={`timeoff-${row.id}`} row={row} timeZone={timeZone} />
          ))}
          {completed.timesheet.rows.map((row) => (
            <RespondedRequestCard key={`timesheet-${row.id}`} row={row} timeZone={timeZone} />
          ))}
          {hasMore(completed.timeoff, completed.timesheet) ? <ShowMore to={moreHref} /> : null}
        </>
      )}
    </Stack>
  );
}
