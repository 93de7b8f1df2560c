import { Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { LoadErrorModal } from '@/components/load-error-modal';
import type { Identity } from '@/lib/identity';
import { useInbox } from '../api/get-inbox';
import { PendingSection, RespondedSection } from './inbox-sections';
import { ALL_EMPLOYEES } from './labels';
import { MissedSection } from './missed-section';
import { RejectForm, RejectPanel, rejectTargetKey, type RejectTarget } from './reject-panel';

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

/**
 * /admin/inbox (spec 001 §2): pending requests to approve or reject (time off first, then
 * timesheet edits), the missed punches to correct or accept as is (issue 40), and the responded
 * ones with an employee filter; responded time-off requests may still be cancelled. A manager
 * sees their reports and themselves (their own missed punches aside: someone else settles them).
 */
export function InboxScreen({ identity, page, includesTerminated, moreHref, onIncludesTerminatedChange }: InboxScreenProps) {
  const timeZone = identity.timezone;
  const [employee, setEmployee] = useState<string>(ALL_EMPLOYEES.value);
  const employeeId = employee === ALL_EMPLOYEES.value ? null : Number(employee);
  const inbox = useInbox({ page, employeeId, includesTerminated });
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const [panelOpened, setPanelOpened] = useState(false);
  const data = inbox.data;

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

      <PendingSection
        pending={data?.pending}
        loading={inbox.isPending}
        timeZone={timeZone}
        moreHref={moreHref}
        onReject={openReject}
        whoAnswers={data?.whoAnswers ?? []}
      />

      <MissedSection timeZone={timeZone} />

      <RespondedSection
        completed={data?.completed}
        loading={inbox.isPending}
        timeZone={timeZone}
        moreHref={moreHref}
        includesTerminated={includesTerminated}
        onIncludesTerminatedChange={(include) => {
          setEmployee(ALL_EMPLOYEES.value);
          onIncludesTerminatedChange(include);
        }}
        employee={employee}
        employeeOptions={employeeOptions}
        onEmployeeChange={(value) => setEmployee(value ?? ALL_EMPLOYEES.value)}
      />

      <RejectPanel opened={panelOpened} onClose={closeReject}>
        {rejecting ? <RejectForm key={rejectTargetKey(rejecting)} target={rejecting} onDone={closeReject} onCancel={closeReject} /> : null}
      </RejectPanel>

      <LoadErrorModal error={inbox.error} />
    </Stack>
  );
}
