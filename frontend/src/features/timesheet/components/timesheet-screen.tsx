import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { formatHoursMinutes, formatIsoDate, type Week } from '@/lib/company-time';
import type { Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { usePayHours, type PayHours } from '../api/get-pay-hours';
import { useTimesheetList } from '../api/get-timesheet-list';
import { DELETE_TIMESHEET_CONFIRMATION, useRemoveTimesheet } from '../api/remove-timesheet';
import { fullName, type Entry } from '../api/schemas';
import { failureMessage, rulesLabel, TEXTS } from './labels';
import { canAddShift, type RowAction } from './row-actions';
import { reviewText } from './team-labels';
import { TimesheetPanel, type TimesheetPanelState } from './timesheet-panel';
import { WeekCards, WeekTable } from './week-entries';
import { WeekNav } from './week-nav';

export interface TimesheetScreenProps {
  identity: Identity;
  /** Whose timesheet: null for one's own. */
  employeeId: number | null;
  week: Week;
  /** -1: the previous week, +1: the next (7-day steps). */
  onStep: (steps: number) => void;
  /** The employee picker of admins and managers, composed by the route. */
  employeePicker?: (employee: { id: number; firstname: string; lastname: string } | null) => ReactNode;
  /** 'My Timesheet' or 'Timesheets'. */
  title: string;
}

/** The week's minutes by rate (issue 37): 'Regular 40h 00m · Overtime 2h 00m · Double time 1h 00m', and the rules they follow. */
function PayHoursLine({ hours }: { hours: PayHours }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" data-testid="pay-hours">
        Regular <span data-testid="pay-regular">{formatHoursMinutes(hours.regularMinutes)}</span>
        {' · '}Overtime <span data-testid="pay-overtime">{formatHoursMinutes(hours.overtimeMinutes)}</span>
        {' · '}Double time <span data-testid="pay-double">{formatHoursMinutes(hours.doubleTimeMinutes)}</span>
      </Text>
      <Text size="xs" c="dimmed" data-testid="pay-rules" title={hours.ruleSet.citation || undefined}>
        {rulesLabel(hours.ruleSet.name)}
      </Text>
    </Stack>
  );
}

/**
 * The weekly timesheet (spec 000 §2): Sunday–Saturday in the company zone with previous / next
 * arrows, the employee picker and 'Add Shift' for admins and managers, a table on desktops and
 * cards on phones, the week's regular / overtime / double-time split under its total, and the row
 * actions' side panels.
 */
export function TimesheetScreen({ identity, employeeId, week, onStep, employeePicker, title }: TimesheetScreenProps) {
  const isPhone = useIsPhone();
  const timeZone = identity.timezone;
  const list = useTimesheetList({ start: week.start, end: week.end, employeeId });
  const payHours = usePayHours({ start: week.start, end: week.end, employeeId });
  const remove = useRemoveTimesheet();
  const [panel, setPanel] = useState<TimesheetPanelState | null>(null);
  const [opened, setOpened] = useState(false);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);

  const employee = list.data?.employee ?? null;
  const viewedId = employee?.id ?? employeeId ?? identity.eid;
  const entries = list.data?.entries ?? [];
  const total = entries.reduce((sum, e) => sum + e.totalmins, 0);

  const open = (next: TimesheetPanelState) => {
    setPanel(next);
    setOpened(true);
  };
  const close = () => setOpened(false);

  const onAction = (action: RowAction, entry: Entry) => {
    if (action === 'delete') {
      setError(null);
      setDeleting(entry);
    } else {
      open({ kind: action, entry });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {employee ? (
            <Text c="dimmed" data-testid="timesheet-employee">
              {fullName(employee)}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm" align="flex-end" w={isPhone ? '100%' : undefined}>
          {employeePicker ? employeePicker(employee) : null}
          {canAddShift(identity) ? (
            <Button onClick={() => open({ kind: 'add' })} fullWidth={isPhone} disabled={viewedId === null}>
              Add Shift
            </Button>
          ) : null}
        </Group>
      </Group>

      <Group justify="space-between" gap="sm">
        <WeekNav week={week} onStep={onStep} />
        <Group gap="xs">
          <Button variant="light" size="xs" onClick={() => open({ kind: 'clocked-hours' })}>
            Clocked Hours
          </Button>
          <Button variant="light" size="xs" onClick={() => open({ kind: 'overtime' })}>
            Overtime
          </Button>
        </Group>
      </Group>

      {(list.data?.reviews ?? []).map((review) => (
        <Text key={`${review.start}-${review.end}`} c="green.9" fw={600} size="sm" data-testid="week-review">
          {reviewText(review, timeZone)}
          {review.start !== week.start || review.end !== week.end ? ` (${formatIsoDate(review.start)} – ${formatIsoDate(review.end)})` : ''}
        </Text>
      ))}

      {error ? <FormAlert>{error}</FormAlert> : null}

      {list.isLoading ? (
        <Loader aria-label="Loading the timesheet" />
      ) : list.isError ? (
        <FormAlert>{failureMessage(list.error)}</FormAlert>
      ) : entries.length === 0 ? (
        <Text data-testid="timesheet-empty">{TEXTS.noClockData(employee ? fullName(employee) : `${identity.firstname} ${identity.lastname}`.trim())}</Text>
      ) : (
        <>
          {isPhone ? (
            <WeekCards entries={entries} viewer={identity} timeZone={timeZone} onAction={onAction} payDays={payHours.data?.days} />
          ) : (
            <WeekTable entries={entries} viewer={identity} timeZone={timeZone} onAction={onAction} payDays={payHours.data?.days} />
          )}
          <Stack gap={2} align="flex-end">
            <Text fw={600} data-testid="week-total">
              Total: {formatHoursMinutes(total)}
            </Text>
            {payHours.data ? <PayHoursLine hours={payHours.data} /> : null}
          </Stack>
        </>
      )}

      <TimesheetPanel
        panel={panel}
        opened={opened}
        onClose={close}
        entries={entries}
        viewer={identity}
        employeeId={employeeId}
        viewedId={viewedId}
        weekStart={week.start}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete"
        message={DELETE_TIMESHEET_CONFIRMATION}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onError: (err) => setError(failureMessage(err)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}
