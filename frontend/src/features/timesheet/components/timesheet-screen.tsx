import { ActionIcon, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { formatHoursMinutes, formatIsoDate, type Week } from '@/lib/company-time';
import type { Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { useTimesheetList } from '../api/get-timesheet-list';
import { DELETE_TIMESHEET_CONFIRMATION, useRemoveTimesheet } from '../api/remove-timesheet';
import { fullName, type Entry } from '../api/schemas';
import { ChangeHistoryPanel } from './change-history-panel';
import { CommentsPanel } from './comments-panel';
import { DetailsPanel } from './details-panel';
import { EditRequestPanel } from './edit-request-panel';
import { failureMessage, TEXTS } from './labels';
import { ClockedHoursPanel, OvertimePanel } from './paycycle-panels';
import { canAddShift, type RowAction } from './row-actions';
import { ShiftFormPanel } from './shift-form-panel';
import { PANEL_WIDTHS, SidePanel } from './side-panel';
import { WeekCards, WeekTable } from './week-entries';

type Panel =
  | { kind: 'details' | 'comments' | 'history' | 'request-edit' | 'edit'; entry: Entry }
  | { kind: 'add' | 'clocked-hours' | 'overtime' };

const PANEL_TITLES: Record<Panel['kind'], string> = {
  details: 'Timesheet Details',
  comments: 'Comments',
  history: 'Change History',
  'request-edit': 'Request Timesheet Edit',
  edit: 'Edit Timesheet',
  add: 'Add Shift',
  'clocked-hours': 'Clocked Hours',
  overtime: 'Overtime',
};

const PANEL_WIDTH: Record<Panel['kind'], number> = {
  details: PANEL_WIDTHS.info,
  comments: PANEL_WIDTHS.other,
  history: PANEL_WIDTHS.other,
  'request-edit': PANEL_WIDTHS.other,
  edit: PANEL_WIDTHS.other,
  add: PANEL_WIDTHS.other,
  'clocked-hours': PANEL_WIDTHS.clockedHours,
  overtime: PANEL_WIDTHS.overtime,
};

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        stroke="currentColor"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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

/**
 * The weekly timesheet (spec 000 §2): Sunday–Saturday in the company zone with previous / next
 * arrows, the employee picker and 'Add Shift' for admins and managers, a table on desktops and
 * cards on phones, and the row actions' side panels.
 */
export function TimesheetScreen({ identity, employeeId, week, onStep, employeePicker, title }: TimesheetScreenProps) {
  const isPhone = useIsPhone();
  const timeZone = identity.timezone;
  const list = useTimesheetList({ start: week.start, end: week.end, employeeId });
  const remove = useRemoveTimesheet();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [opened, setOpened] = useState(false);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);

  const employee = list.data?.employee ?? null;
  const viewedId = employee?.id ?? employeeId ?? identity.eid;
  const entries = list.data?.entries ?? [];
  const total = entries.reduce((sum, e) => sum + e.totalmins, 0);

  const open = (next: Panel) => {
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

  const panelBody = (shown: Panel): ReactNode => {
    // A row's panel follows the row as the list reloads (after an approval, an edit, …).
    const p = 'entry' in shown ? { ...shown, entry: entries.find((e) => e.id === shown.entry.id) ?? shown.entry } : shown;
    switch (p.kind) {
      case 'details':
        return <DetailsPanel entry={p.entry} timeZone={timeZone} />;
      case 'comments':
        return <CommentsPanel entry={p.entry} timeZone={timeZone} />;
      case 'history':
        return <ChangeHistoryPanel entry={p.entry} timeZone={timeZone} />;
      case 'request-edit':
        return <EditRequestPanel entry={p.entry} viewer={identity} timeZone={timeZone} />;
      case 'edit':
        return <ShiftFormPanel entry={p.entry} employeeId={p.entry.employeeId} timeZone={timeZone} defaultDate={p.entry.day} onDone={close} />;
      case 'add':
        return viewedId === null ? null : (
          <ShiftFormPanel employeeId={viewedId} timeZone={timeZone} defaultDate={week.start} onDone={close} />
        );
      case 'clocked-hours':
        return <ClockedHoursPanel employeeId={employeeId} />;
      case 'overtime':
        return <OvertimePanel employeeId={employeeId} />;
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
        <Group gap={4} wrap="nowrap" data-testid="week-nav">
          <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => onStep(-1)}>
            <Arrow direction="left" />
          </ActionIcon>
          <Text fw={600} px="xs" data-testid="week-range" style={{ whiteSpace: 'nowrap' }}>
            {formatIsoDate(week.start)} – {formatIsoDate(week.end)}
          </Text>
          <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => onStep(1)}>
            <Arrow direction="right" />
          </ActionIcon>
        </Group>
        <Group gap="xs">
          <Button variant="light" size="xs" onClick={() => open({ kind: 'clocked-hours' })}>
            Clocked Hours
          </Button>
          <Button variant="light" size="xs" onClick={() => open({ kind: 'overtime' })}>
            Overtime
          </Button>
        </Group>
      </Group>

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
            <WeekCards entries={entries} viewer={identity} timeZone={timeZone} onAction={onAction} />
          ) : (
            <WeekTable entries={entries} viewer={identity} timeZone={timeZone} onAction={onAction} />
          )}
          <Group justify="flex-end">
            <Text fw={600} data-testid="week-total">
              Total: {formatHoursMinutes(total)}
            </Text>
          </Group>
        </>
      )}

      <SidePanel opened={opened} onClose={close} title={panel ? PANEL_TITLES[panel.kind] : ''} width={panel ? PANEL_WIDTH[panel.kind] : PANEL_WIDTHS.other}>
        {panel ? panelBody(panel) : null}
      </SidePanel>

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
