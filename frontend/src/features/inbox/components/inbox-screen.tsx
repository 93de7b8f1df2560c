import { Anchor, Badge, Checkbox, Group, Loader, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorModal } from '@/components/load-error-modal';
import type { Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { useInbox } from '../api/get-inbox';
import type { InboxTimesheetRow } from '../api/schemas';
import { ALL_EMPLOYEES, INBOX_TEXTS } from './labels';
import { RejectForm, RejectPanel } from './reject-panel';
import { PendingRequestCard, RespondedRequestCard } from './request-card';

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

/**
 * /admin/inbox (spec 001 §2): pending timesheet edit requests to approve or reject, and the
 * responded ones with an employee filter. A manager sees their reports and themselves.
 */
export function InboxScreen({ identity, page, includesTerminated, moreHref, onIncludesTerminatedChange }: InboxScreenProps) {
  const timeZone = identity.timezone;
  const isPhone = useIsPhone();
  const [employee, setEmployee] = useState<string>(ALL_EMPLOYEES.value);
  const employeeId = employee === ALL_EMPLOYEES.value ? null : Number(employee);
  const inbox = useInbox({ page, employeeId, includesTerminated });
  const [rejecting, setRejecting] = useState<InboxTimesheetRow | null>(null);
  const [panelOpened, setPanelOpened] = useState(false);

  const data = inbox.data;
  const pending = data?.pending.timesheet;
  const completed = data?.completed.timesheet;

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

  const openReject = (row: InboxTimesheetRow) => {
    setRejecting(row);
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
            <Badge color={pending.count > 0 ? 'red.9' : 'gray.7'} variant="filled" autoContrast size="lg" data-testid="pending-total">
              {pending.count}
              <VisuallyHidden> pending</VisuallyHidden>
            </Badge>
          ) : null}
        </Group>
        {inbox.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the requests" />
        ) : !pending || pending.rows.length === 0 ? (
          <Text c="dimmed" data-testid="no-pending">
            {INBOX_TEXTS.noPending}
          </Text>
        ) : (
          <>
            {pending.rows.map((row) => (
              <PendingRequestCard key={row.id} row={row} timeZone={timeZone} onReject={openReject} />
            ))}
            {pending.count > pending.rows.length ? <ShowMore to={moreHref} /> : null}
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
        ) : !completed || completed.rows.length === 0 ? (
          <Text c="dimmed" data-testid="no-responded">
            {INBOX_TEXTS.noResponded}
          </Text>
        ) : (
          <>
            {completed.rows.map((row) => (
              <RespondedRequestCard key={row.id} row={row} timeZone={timeZone} />
            ))}
            {completed.count > completed.rows.length ? <ShowMore to={moreHref} /> : null}
          </>
        )}
      </Stack>

      <RejectPanel opened={panelOpened} onClose={closeReject}>
        {rejecting ? <RejectForm key={rejecting.id} row={rejecting} onDone={closeReject} onCancel={closeReject} /> : null}
      </RejectPanel>

      <LoadErrorModal error={inbox.error} />
    </Stack>
  );
}
