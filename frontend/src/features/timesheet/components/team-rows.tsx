import { Anchor, Badge, Button, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PersonAvatar } from '@/components/person-avatar';
import { formatHoursMinutes } from '@/lib/company-time';
import type { TeamRow, TeamTimesheet } from '../api/get-team-timesheet';
import { cellHours, dayHeading, flagsOf, personWeekPath, reviewText } from './team-labels';

interface RowsProps {
  sheet: TeamTimesheet;
  timeZone: string;
  /** Approves one person's period; the id being approved shows a spinner. */
  onApprove: (row: TeamRow) => void;
  approving: number | null;
}

function Status({ row, timeZone, onApprove, approving }: { row: TeamRow } & Omit<RowsProps, 'sheet'>) {
  if (row.review) {
    return (
      <Text size="xs" c="green.9" fw={600} data-testid="team-approved">
        {reviewText(row.review, timeZone)}
      </Text>
    );
  }
  if (!row.mayApprove) {
    return (
      <Text size="xs" c="dimmed">
        Your own: another approver answers it
      </Text>
    );
  }
  return (
    <Button size="compact-sm" variant="light" loading={approving === row.employeeId} onClick={() => onApprove(row)} aria-label={`Approve ${row.firstname} ${row.lastname}`}>
      Approve
    </Button>
  );
}

function Flags({ row, timeZone }: { row: TeamRow; timeZone: string }) {
  const flags = flagsOf(row, timeZone);
  if (flags.length === 0) return null;
  return (
    <Stack gap={2} data-testid="team-flags">
      {flags.map((flag) => (
        <Badge key={flag} color="red.9" variant="outline" size="sm" style={{ textTransform: 'none' }}>
          {flag}
        </Badge>
      ))}
    </Stack>
  );
}

function Person({ row, start, end }: { row: TeamRow; start: string; end: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <PersonAvatar url={row.avatar} firstname={row.firstname} lastname={row.lastname} size={28} />
      <Stack gap={0}>
        <Anchor component={Link} to={personWeekPath(row, start, end)} fw={600} size="sm">
          {row.firstname} {row.lastname}
        </Anchor>
        {row.jobRole ? (
          <Text size="xs" c="dimmed">
            {row.jobRole}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** Double time (daily overtime rules, issue 37) below the overtime, only when there is some. */
function DoubleTime({ minutes, testId = 'team-double' }: { minutes: number; testId?: string }) {
  if (minutes <= 0) return null;
  return (
    <Text size="xs" c="red.9" fw={600} data-testid={testId}>
      DT {formatHoursMinutes(minutes)}
    </Text>
  );
}

/** Desktop: one row per person, one column per day, then the totals and the approval. */
export function TeamTable({ sheet, timeZone, onApprove, approving }: RowsProps) {
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder verticalSpacing="xs" data-testid="team-table" miw={900}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Person</Table.Th>
            {sheet.days.map((day) => (
              <Table.Th key={day.date} scope="col" ta="right">
                {dayHeading(day.date)}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">Regular</Table.Th>
            <Table.Th scope="col" ta="right">Overtime</Table.Th>
            <Table.Th scope="col" ta="right">Time off</Table.Th>
            <Table.Th scope="col">Needs a look</Table.Th>
            <Table.Th scope="col">Approval</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.people.map((row) => (
            <Table.Tr key={row.employeeId} data-testid="team-row">
              <Table.Td>
                <Person row={row} start={sheet.start} end={sheet.end} />
              </Table.Td>
              {row.days.map((day) => (
                <Table.Td key={day.date} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{cellHours(day.workedMinutes)}</Text>
                  {day.overtimeMinutes > 0 ? (
                    <Text size="xs" c="red.9">
                      OT {formatHoursMinutes(day.overtimeMinutes)}
                    </Text>
                  ) : null}
                  {day.doubleTimeMinutes > 0 ? (
                    <Text size="xs" c="red.9" fw={600} data-testid="team-day-double">
                      DT {formatHoursMinutes(day.doubleTimeMinutes)}
                    </Text>
                  ) : null}
                  {day.timeOffMinutes > 0 ? (
                    <Text size="xs" c="blue.9">
                      Off {formatHoursMinutes(day.timeOffMinutes)}
                    </Text>
                  ) : null}
                </Table.Td>
              ))}
              <Table.Td ta="right" data-testid="team-regular">{formatHoursMinutes(row.regularMinutes)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" span data-testid="team-overtime">
                  {formatHoursMinutes(row.overtimeMinutes)}
                </Text>
                <DoubleTime minutes={row.doubleTimeMinutes} />
              </Table.Td>
              <Table.Td ta="right">{formatHoursMinutes(row.timeOffMinutes)}</Table.Td>
              <Table.Td>
                <Flags row={row} timeZone={timeZone} />
              </Table.Td>
              <Table.Td>
                <Status row={row} timeZone={timeZone} onApprove={onApprove} approving={approving} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Team</Table.Th>
            {sheet.days.map((day) => (
              <Table.Td key={day.date} ta="right" fw={600}>
                {cellHours(day.workedMinutes)}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={600}>{formatHoursMinutes(sheet.workedMinutes - sheet.overtimeMinutes - sheet.doubleTimeMinutes)}</Table.Td>
            <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatHoursMinutes(sheet.overtimeMinutes)}
              <DoubleTime minutes={sheet.doubleTimeMinutes} testId="team-total-double" />
            </Table.Td>
            <Table.Td ta="right" fw={600}>{formatHoursMinutes(sheet.timeOffMinutes)}</Table.Td>
            <Table.Td colSpan={2} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}

/** Phone: one card per person with the period's totals (the days are on their own timesheet). */
export function TeamCards({ sheet, timeZone, onApprove, approving }: RowsProps) {
  return (
    <Stack gap="sm" data-testid="team-cards">
      {sheet.people.map((row) => (
        <Card key={row.employeeId} withBorder padding="sm" data-testid="team-row">
          <Stack gap="xs">
            <Person row={row} start={sheet.start} end={sheet.end} />
            <Group gap="md">
              <Text size="sm">
                Regular <b data-testid="team-regular">{formatHoursMinutes(row.regularMinutes)}</b>
              </Text>
              <Text size="sm">
                Overtime <b data-testid="team-overtime">{formatHoursMinutes(row.overtimeMinutes)}</b>
              </Text>
              {row.doubleTimeMinutes > 0 ? (
                <Text size="sm">
                  Double time <b data-testid="team-double">{formatHoursMinutes(row.doubleTimeMinutes)}</b>
                </Text>
              ) : null}
              <Text size="sm">
                Time off <b>{formatHoursMinutes(row.timeOffMinutes)}</b>
              </Text>
            </Group>
            <Flags row={row} timeZone={timeZone} />
            <Status row={row} timeZone={timeZone} onApprove={onApprove} approving={approving} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
