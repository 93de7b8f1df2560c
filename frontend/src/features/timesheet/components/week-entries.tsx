import { Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '@/lib/company-time';
import { ENTRY_PENDING_APPROVAL, PENDING_APPROVAL_TEXT, type Entry } from '../api/schemas';
import { BADGE_COLORS, breakMinutes, dayLabel, formatHoursMinutes } from './labels';
import type { RowAction, Viewer } from './row-actions';
import { RowMenu } from './row-menu';

interface WeekEntriesProps {
  entries: Entry[];
  viewer: Viewer;
  timeZone: string;
  onAction: (action: RowAction, entry: Entry) => void;
}

const STILL_OPEN = 'Clocked in';

function PendingBadge({ entry }: { entry: Entry }) {
  if (entry.entryStatus !== ENTRY_PENDING_APPROVAL) return null;
  return (
    <Badge color={BADGE_COLORS.pending} variant="filled" autoContrast data-testid="pending-approval">
      {PENDING_APPROVAL_TEXT}
    </Badge>
  );
}

/** The desktop table: one row per shift (times 'MM/DD/YYYY hh:mm A' on the company clock). */
export function WeekTable({ entries, viewer, timeZone, onAction }: WeekEntriesProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="timesheet-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Clock In</Table.Th>
            <Table.Th>Clock Out</Table.Th>
            <Table.Th>Breaks</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="timesheet-row">
              <Table.Td>{dayLabel(entry.day)}</Table.Td>
              <Table.Td>{formatDateTime(entry.start, timeZone)}</Table.Td>
              <Table.Td>{entry.end ? formatDateTime(entry.end, timeZone) : STILL_OPEN}</Table.Td>
              <Table.Td>{formatHoursMinutes(breakMinutes(entry.breaks))}</Table.Td>
              <Table.Td>{formatHoursMinutes(entry.totalmins)}</Table.Td>
              <Table.Td>
                <PendingBadge entry={entry} />
              </Table.Td>
              <Table.Td ta="right">
                <RowMenu entry={entry} viewer={viewer} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone layout (≤ 767px): one card per shift. */
export function WeekCards({ entries, viewer, timeZone, onAction }: WeekEntriesProps) {
  return (
    <Stack gap="sm" data-testid="timesheet-cards">
      {entries.map((entry) => (
        <Card key={entry.id} withBorder radius="md" p="sm" data-testid="timesheet-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={600}>{dayLabel(entry.day)}</Text>
              <Text size="sm">In: {formatDateTime(entry.start, timeZone)}</Text>
              <Text size="sm">Out: {entry.end ? formatDateTime(entry.end, timeZone) : STILL_OPEN}</Text>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {formatHoursMinutes(entry.totalmins)}
                </Text>
                <PendingBadge entry={entry} />
              </Group>
            </Stack>
            <RowMenu entry={entry} viewer={viewer} onAction={onAction} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
