import { Anchor, Badge, Checkbox, Group, Loader, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorModal } from '@/components/load-error-modal';
import type { Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { useInbox } from '../api/get-inbox';
import { ALL_EMPLOYEES, INBOX_TEXTS } from './labels';
import { RejectForm, RejectPanel, rejectTargetKey, type RejectTarget } from './reject-panel';
import { PendingRequestCard, RespondedRequestCard } from './request-card';
import { PendingTimeOffCard, RespondedTimeOffCard } from './timeoff-card';

interface InboxScreenProps {
  identity: Identity;
  /** The `more` query parameter: each section shows page * 10 rows. */
  page: number;
  /** The `includes_terminated` query parameter: terminated people join the filter. */
  includesTerminated: boolean;
  /** The address of the next page ('Show More'). */
  moreHref: string;
  onIncludesTerminatedChange: (include: boolean) => void;
}

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

/**
 * /admin/inbox (spec 001 §2): pending requests to approve or reject (time off first, then
 * timesheet edits), and the responded ones with an employee filter; responded time-off requests
 * may still be cancelled. A manager sees their reports and themselves.
 */
export function InboxScreen({ identity, page, includesTerminated, moreHref, onIncludesTerminatedChange }: InboxScreenProps) {
  const timeZone = identity.timezone;
  const isPhone = useIsPhone();
  const [employee, setEmployee] = useState<string>(ALL_EMPLOYEES.value);
  const employeeId = employee === ALL_EMPLOYEES.value ? null : Number(employee);
  const inbox = useInbox({ page, employeeId, includesTerminated });
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const [panelOpened, setPanelOpened] = useState(false);

  const data = inbox.data;
  const pending = data?.pending;
  const completed = data?.completed;
  const pendingCount = pending ? pending.timeoff.count + pending.timesheet.count : 0;
  const pendingShown = pending ? pending.timeoff.rows.length + pending.timesheet.rows.length : 0;
  const completedShown = completed ? completed.timeoff.rows.length + completed.timesheet.rows.length : 0;

  const employeeOptions = useMemo(
    () => [
      ALL_EMPLOYEES,
      ...(data?.employees ?? []).map((e) => ({
        value: String(e.id),
        label: `${e.firstname} ${e.lastname}`.trim() + (e.status === 0 ? ' (terminated)' : ''),
      })),
    ],
    [data?.employees],
  );

  const openReject = (target: RejectTarget) => {
    setRejecting(target);
    setPanelOpened(true);
  };
  const closeReject = () => setPanelOpened(false);

  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Inbox
      </Title>

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
        {inbox.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the requests" />
        ) : !pending || pendingShown === 0 ? (
          <Text c="dimmed" data-testid="no-pending">
            {INBOX_TEXTS.noPending}
          </Text>
        ) : (
          <>
            {pending.timeoff.rows.map((row) => (
              <PendingTimeOffCard key={`timeoff-${row.id}`} row={row} timeZone={timeZone} onReject={(r) => openReject({ kind: 'timeoff', row: r })} />
            ))}
            {pending.timesheet.rows.map((row) => (
              <PendingRequestCard key={`timesheet-${row.id}`} row={row} timeZone={timeZone} onReject={(r) => openReject({ kind: 'timesheet', row: r })} />
            ))}
            {hasMore(pending.timeoff, pending.timesheet) ? <ShowMore to={moreHref} /> : null}
          </>
        )}
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="inbox-responded">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="xl" id="inbox-responded">
            Responded
          </Title>
          <Group gap="md" align="flex-end" w={isPhone ? '100%' : undefined}>
            <Checkbox
              label="Include terminated employees"
              checked={includesTerminated}
              onChange={(event) => {
                setEmployee(ALL_EMPLOYEES.value);
                onIncludesTerminatedChange(event.currentTarget.checked);
              }}
              mb={8}
            />
            <Select
              label="Employee"
              data={employeeOptions}
              value={employee}
              onChange={(value) => setEmployee(value ?? ALL_EMPLOYEES.value)}
              allowDeselect={false}
              searchable
              maxDropdownHeight={250}
              w={isPhone ? '100%' : 240}
              data-testid="employee-filter"
            />
          </Group>
        </Group>
        {inbox.isPending ? (
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

      <RejectPanel opened={panelOpened} onClose={closeReject}>
        {rejecting ? <RejectForm key={rejectTargetKey(rejecting)} target={rejecting} onDone={closeReject} onCancel={closeReject} /> : null}
      </RejectPanel>

      <LoadErrorModal error={inbox.error} />
    </Stack>
  );
}
