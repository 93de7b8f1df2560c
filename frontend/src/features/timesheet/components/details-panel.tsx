import { Badge, Divider, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { useTimesheetDetails } from '../api/get-timesheet-details';
import { ENTRY_PENDING_APPROVAL, fullName, PENDING_APPROVAL_TEXT, type Entry } from '../api/schemas';
import { MissedPunchDetails } from './missed-marker';
import { OfflinePressList } from './offline-marker';
import { PressMarks } from './place-marker';
import type { Viewer } from './row-actions';
import { ACTION_LABELS, BADGE_COLORS, breakLabel, dateTimeOrDash, dayLabel, failureMessage, formatHoursMinutes, TEXTS } from './labels';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/**
 * The timesheet info dock: one shift with its breaks and clock actions (GET /timesheet/details),
 * and its missed punch (issue 40), which a manager or admin may accept as is on someone else's shift.
 */
export function DetailsPanel({ entry: row, timeZone, viewer }: { entry: Entry; timeZone: string; viewer: Viewer }) {
  const details = useTimesheetDetails(row.id);
  const entry = details.data ?? row;
  return (
    <Stack gap="md" data-testid="details-panel">
      {details.isError ? <FormAlert>{failureMessage(details.error)}</FormAlert> : null}
      <MissedPunchDetails entry={entry} viewer={viewer} />
      <Stack gap={6}>
        <Field label="Employee">{fullName(entry)}</Field>
        <Field label="Date">{dayLabel(entry.day)}</Field>
        <Field label="Clock In">{dateTimeOrDash(entry.start, timeZone)}</Field>
        <Field label="Clock Out">{dateTimeOrDash(entry.end, timeZone)}</Field>
        <Field label="Hours">{formatHoursMinutes(entry.totalmins)}</Field>
        {entry.entryStatus === ENTRY_PENDING_APPROVAL ? (
          <Field label="Status">
            <Badge color={BADGE_COLORS.pending} variant="filled" autoContrast>
              {PENDING_APPROVAL_TEXT}
            </Badge>
          </Field>
        ) : null}
      </Stack>
      <Divider />
      <Title order={3} fz="md">
        Breaks
      </Title>
      {entry.breaks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXTS.noBreaks}
        </Text>
      ) : (
        <List size="sm" spacing={4} data-testid="details-breaks">
          {entry.breaks.map((b) => (
            <List.Item key={b.from}>{breakLabel(b, timeZone)}</List.Item>
          ))}
        </List>
      )}
      <Divider />
      <Title order={3} fz="md">
        Activity
      </Title>
      {details.isLoading && entry.history.length === 0 ? <Loader size="sm" /> : null}
      <List size="sm" spacing={4} data-testid="details-history">
        {entry.history.map((h) => (
          <List.Item key={`${h.actionType}-${h.actionDate}`} data-testid="details-press" data-flagged={h.placeFlag !== null || undefined}>
            {ACTION_LABELS[h.actionType] ?? h.actionType}: {dateTimeOrDash(h.actionDate, timeZone)}
            <PressMarks press={h} />
          </List.Item>
        ))}
      </List>
      {entry.offlinePresses.length > 0 ? (
        <>
          <Divider />
          <Title order={3} fz="md">
            Made offline
          </Title>
          <OfflinePressList entry={entry} timeZone={timeZone} />
        </>
      ) : null}
    </Stack>
  );
}
