import { Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '@/lib/company-time';
import type { PayDay } from '../api/get-pay-hours';
import { ENTRY_PENDING_APPROVAL, PENDING_APPROVAL_TEXT, type Entry } from '../api/schemas';
import { BADGE_COLORS, breakMinutes, dayLabel, formatHoursMinutes } from './labels';
import type { RowAction, Viewer } from './row-actions';
import { MissedPunchBadge } from './missed-marker';
import { OfflineBadge } from './offline-marker';
import { FlaggedBadge } from './place-marker';
import { RowMenu } from './row-menu';

interface WeekEntriesProps {
  entries: Entry[];
  viewer: Viewer;
  timeZone: string;
  onAction: (action: RowAction, entry: Entry) => void;
  /** The week's minutes by rate per workday (GET /timesheet/pay-hours), when known. */
  payDays?: readonly PayDay[];
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

/**
 * The overtime and double time of each workday, shown on the day's first shift (the table has a
 * row per shift, not per day): day → its figures, only days with some.
 */
function premiumByFirstEntry(entries: readonly Entry[], payDays: readonly PayDay[] | undefined): Map<number, PayDay> {
  const byDay = new Map((payDays ?? []).filter((d) => d.overtimeMinutes > 0 || d.doubleTimeMinutes > 0).map((d) => [d.date, d]));
  const result = new Map<number, PayDay>();
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.day)) continue;
    seen.add(entry.day);
    const day = byDay.get(entry.day);
    if (day) result.set(entry.id, day);
  }
  return result;
}

/** 'OT 2h 00m' / 'DT 1h 00m' badges of a workday with overtime or double time. */
function PremiumBadges({ day }: { day: PayDay | undefined }) {
  if (!day) return null;
  return (
    <Group gap={4} mt={2}>
      {day.overtimeMinutes > 0 ? (
        <Badge color="yellow.4" variant="filled" autoContrast size="sm" style={{ textTransform: 'none' }} data-testid="pay-day-overtime">
          OT {formatHoursMinutes(day.overtimeMinutes)}
        </Badge>
      ) : null}
      {day.doubleTimeMinutes > 0 ? (
        <Badge color="red.9" variant="filled" autoContrast size="sm" style={{ textTransform: 'none' }} data-testid="pay-day-double">
          DT {formatHoursMinutes(day.doubleTimeMinutes)}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The desktop table: one row per shift (times 'MM/DD/YYYY hh:mm A' on the company clock). */
export function WeekTable({ entries, viewer, timeZone, onAction, payDays }: WeekEntriesProps) {
  const premium = premiumByFirstEntry(entries, payDays);
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
              <Table.Td>
                {dayLabel(entry.day)}
                <PremiumBadges day={premium.get(entry.id)} />
              </Table.Td>
              <Table.Td>{formatDateTime(entry.start, timeZone)}</Table.Td>
              <Table.Td>{entry.end ? formatDateTime(entry.end, timeZone) : STILL_OPEN}</Table.Td>
              <Table.Td>{formatHoursMinutes(breakMinutes(entry.breaks))}</Table.Td>
              <Table.Td>{formatHoursMinutes(entry.totalmins)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <PendingBadge entry={entry} />
                  <MissedPunchBadge entry={entry} />
                  <OfflineBadge entry={entry} timeZone={timeZone} />
                  <FlaggedBadge entry={entry} timeZone={timeZone} />
                </Group>
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
export function WeekCards({ entries, viewer, timeZone, onAction, payDays }: WeekEntriesProps) {
  const premium = premiumByFirstEntry(entries, payDays);
  return (
    <Stack gap="sm" data-testid="timesheet-cards">
      {entries.map((entry) => (
        <Card key={entry.id} withBorder radius="md" p="sm" data-testid="timesheet-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={600}>{dayLabel(entry.day)}</Text>
              <PremiumBadges day={premium.get(entry.id)} />
              <Text size="sm">In: {formatDateTime(entry.start, timeZone)}</Text>
              <Text size="sm">Out: {entry.end ? formatDateTime(entry.end, timeZone) : STILL_OPEN}</Text>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {formatHoursMinutes(entry.totalmins)}
                </Text>
                <PendingBadge entry={entry} />
                <MissedPunchBadge entry={entry} />
                <OfflineBadge entry={entry} timeZone={timeZone} />
                <FlaggedBadge entry={entry} timeZone={timeZone} />
              </Group>
            </Stack>
            <RowMenu entry={entry} viewer={viewer} onAction={onAction} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
