import { ActionIcon, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { addDays, formatHoursMinutes, formatIsoDate } from '@/lib/company-time';
import type { Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { useApprovePeriod } from '../api/approve-period';
import { useTeamTimesheet, type TeamRow, type TeamSpan } from '../api/get-team-timesheet';
import { failureMessage } from './labels';
import { TeamCards, TeamTable } from './team-rows';
import { stillToApprove } from './team-labels';

export interface TeamTimesheetScreenProps {
  identity: Identity;
  /** A day of the period shown. */
  date: string;
  span: TeamSpan;
  onChange: (next: { date: string; span: TeamSpan }) => void;
}

/** A step to the previous or next period; it waits (disabled) until the period shown is known. */
function Step({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled: boolean; children: string }) {
  return (
    <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
      <span aria-hidden="true">{children}</span>
    </ActionIcon>
  );
}

/**
 * The team timesheet (issue 36): everyone the viewer reaches, the period's days, each person's
 * regular, overtime and time-off hours, what needs a look, and approving a period (one person, or
 * everyone still to approve). A table on desktops; a list on phones.
 */
export function TeamTimesheetScreen({ identity, date, span, onChange }: TeamTimesheetScreenProps) {
  const isPhone = useIsPhone();
  const sheet = useTeamTimesheet({ date, span });
  const approve = useApprovePeriod();
  const [approving, setApproving] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = sheet.data;
  const pending = data ? stillToApprove(data.people) : [];

  const send = (rows: readonly TeamRow[], one: boolean) => {
    if (!data || rows.length === 0) return;
    setError(null);
    setApproving(one ? rows[0]!.employeeId : -1);
    approve.mutate(
      { employeeIds: rows.map((row) => row.employeeId), date: data.start, span },
      {
        onSuccess: (reviews) =>
          notifications.show({
            color: 'green',
            message: reviews.length === 1 ? `${rows[0]!.firstname} ${rows[0]!.lastname}: approved.` : `${reviews.length} timesheets approved.`,
          }),
        onError: (err) => setError(failureMessage(err)),
        onSettled: () => setApproving(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Team Timesheet
        </Title>
        <SegmentedControl
          aria-label="Period"
          value={span}
          onChange={(value) => onChange({ date, span: value as TeamSpan })}
          data={[
            { value: 'week', label: 'Week' },
            { value: 'payPeriod', label: 'Pay period' },
          ]}
        />
      </Group>

      <Group justify="space-between" gap="sm">
        <Group gap={4} wrap="nowrap" data-testid="team-period">
          <Step label={span === 'week' ? 'Previous week' : 'Previous pay period'} onClick={() => data && onChange({ date: addDays(data.start, -1), span })} disabled={!data}>
            ‹
          </Step>
          <Text fw={600} px="xs" style={{ whiteSpace: 'nowrap' }} data-testid="team-range">
            {data ? `${formatIsoDate(data.start)} – ${formatIsoDate(data.end)}` : '…'}
          </Text>
          <Step label={span === 'week' ? 'Next week' : 'Next pay period'} onClick={() => data && onChange({ date: addDays(data.end, 1), span })} disabled={!data}>
            ›
          </Step>
        </Group>
        <Button onClick={() => send(pending, false)} disabled={pending.length === 0} loading={approving === -1} fullWidth={isPhone}>
          {pending.length === 0 ? 'All approved' : `Approve all (${pending.length})`}
        </Button>
      </Group>

      {error ? <FormAlert>{error}</FormAlert> : null}

      {sheet.isLoading ? (
        <Loader aria-label="Loading the team timesheet" />
      ) : sheet.isError ? (
        <FormAlert>{failureMessage(sheet.error)}</FormAlert>
      ) : !data || data.people.length === 0 ? (
        <Text data-testid="team-empty">Nobody to show: add employees in HR Folders.</Text>
      ) : (
        <>
          {isPhone ? (
            <TeamCards sheet={data} timeZone={identity.timezone} onApprove={(row) => send([row], true)} approving={approving} />
          ) : (
            <TeamTable sheet={data} timeZone={identity.timezone} onApprove={(row) => send([row], true)} approving={approving} />
          )}
          <Group justify="flex-end" gap="lg">
            <Text fw={600} data-testid="team-total">
              Team: {formatHoursMinutes(data.workedMinutes)} worked, {formatHoursMinutes(data.overtimeMinutes)} overtime
              {data.doubleTimeMinutes > 0 ? `, ${formatHoursMinutes(data.doubleTimeMinutes)} double time` : ''}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
