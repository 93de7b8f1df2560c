import type { ReactNode } from 'react';
import type { Identity } from '@/lib/identity';
import type { Entry } from '../api/schemas';
import { ChangeHistoryPanel } from './change-history-panel';
import { CommentsPanel } from './comments-panel';
import { DetailsPanel } from './details-panel';
import { EditRequestPanel } from './edit-request-panel';
import { ClockedHoursPanel, OvertimePanel } from './paycycle-panels';
import { ShiftFormPanel } from './shift-form-panel';
import { PANEL_WIDTHS, SidePanel } from './side-panel';

/** What the timesheet's side panel shows: a row's panel, or one of the week's. */
export type TimesheetPanelState =
  | { kind: 'details' | 'comments' | 'history' | 'request-edit' | 'edit'; entry: Entry }
  | { kind: 'add' | 'clocked-hours' | 'overtime' };

const PANEL_TITLES: Record<TimesheetPanelState['kind'], string> = {
  details: 'Timesheet Details',
  comments: 'Comments',
  history: 'Change History',
  'request-edit': 'Request Timesheet Edit',
  edit: 'Edit Timesheet',
  add: 'Add Shift',
  'clocked-hours': 'Clocked Hours',
  overtime: 'Overtime',
};

const PANEL_WIDTH: Record<TimesheetPanelState['kind'], number> = {
  details: PANEL_WIDTHS.info,
  comments: PANEL_WIDTHS.other,
  history: PANEL_WIDTHS.other,
  'request-edit': PANEL_WIDTHS.other,
  edit: PANEL_WIDTHS.other,
  add: PANEL_WIDTHS.other,
  'clocked-hours': PANEL_WIDTHS.clockedHours,
  overtime: PANEL_WIDTHS.overtime,
};

interface TimesheetPanelProps {
  panel: TimesheetPanelState | null;
  opened: boolean;
  onClose: () => void;
  /** The week's rows: a row's panel follows its row as the list reloads. */
  entries: readonly Entry[];
  viewer: Identity;
  /** Whose timesheet was asked for (null: one's own). */
  employeeId: number | null;
  /** Whose timesheet is shown: a new shift is theirs. */
  viewedId: number | null;
  /** A new shift's default day. */
  weekStart: string;
}

/** The timesheet's side panel: a row's details, comments, change history, edit request or edit; Add Shift, Clocked Hours, Overtime. */
export function TimesheetPanel({ panel, opened, onClose, entries, viewer, employeeId, viewedId, weekStart }: TimesheetPanelProps) {
  const timeZone = viewer.timezone;

  const panelBody = (shown: TimesheetPanelState): ReactNode => {
    // A row's panel follows the row as the list reloads (after an approval, an edit, …).
    const p = 'entry' in shown ? { ...shown, entry: entries.find((e) => e.id === shown.entry.id) ?? shown.entry } : shown;
    switch (p.kind) {
      case 'details':
        return <DetailsPanel entry={p.entry} timeZone={timeZone} viewer={viewer} />;
      case 'comments':
        return <CommentsPanel entry={p.entry} timeZone={timeZone} />;
      case 'history':
        return <ChangeHistoryPanel entry={p.entry} timeZone={timeZone} />;
      case 'request-edit':
        return <EditRequestPanel entry={p.entry} viewer={viewer} timeZone={timeZone} />;
      case 'edit':
        return <ShiftFormPanel entry={p.entry} employeeId={p.entry.employeeId} timeZone={timeZone} defaultDate={p.entry.day} onDone={onClose} />;
      case 'add':
        return viewedId === null ? null : <ShiftFormPanel employeeId={viewedId} timeZone={timeZone} defaultDate={weekStart} onDone={onClose} />;
      case 'clocked-hours':
        return <ClockedHoursPanel employeeId={employeeId} />;
      case 'overtime':
        return <OvertimePanel employeeId={employeeId} />;
    }
  };

  return (
    <SidePanel opened={opened} onClose={onClose} title={panel ? PANEL_TITLES[panel.kind] : ''} width={panel ? PANEL_WIDTH[panel.kind] : PANEL_WIDTHS.other}>
      {panel ? panelBody(panel) : null}
    </SidePanel>
  );
}
