import { Anchor, Card, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PersonAvatar } from '@/components/person-avatar';
import { ClockStatusBadge } from '@/components/clock-status-badge';
import { useIsPhone } from '@/lib/media';
import type { EmployeeHoursRow } from '../api/get-employee-hours';
import { DASHBOARD_TEXTS, formatWorkedTime, sortEmployeeHours, type HoursSort, type WeekOption } from './labels';

export const viewUserPath = (employeeId: number) => `/admin/manage/view-user/${employeeId}`;

const SORTS: { value: HoursSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'hours', label: 'Hours' },
];

const fullName = (row: Pick<EmployeeHoursRow, 'firstname' | 'lastname'>) => `${row.firstname} ${row.lastname}`.trim();

/** The week's approved time off; a dash when there is none. */
const ptoText = (minutes: number): string => (minutes > 0 ? formatWorkedTime(minutes) : '—');

function NameCell({ row }: { row: EmployeeHoursRow }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <PersonAvatar url={row.avatar} firstname={row.firstname} lastname={row.lastname} />
      <Anchor component={Link} to={viewUserPath(row.employeeId)} fw={600} truncate="end">
        {fullName(row)}
      </Anchor>
    </Group>
  );
}

interface EmployeeHoursPanelProps {
  weeks: readonly WeekOption[];
  week: WeekOption;
  onWeekChange: (week: WeekOption) => void;
  sort: HoursSort;
  onSortChange: (sort: HoursSort) => void;
  /** The week's rows; undefined while the first answer loads or when it failed. */
  employees: EmployeeHoursRow[] | undefined;
  loading: boolean;
  timeZone: string;
}

/**
 * Hours worked and approved time off (PTO) per employee in one week (spec 001 §2): the current Sunday–Saturday week or one
 * of the 3 before it, sorted by name (A-Z, the default) or hours. Each name opens the folder.
 * A failed load is the screen's 'Error' modal; the panel then shows 'No data'.
 */
export function EmployeeHoursPanel({ weeks, week, onWeekChange, sort, onSortChange, employees, loading, timeZone }: EmployeeHoursPanelProps) {
  const isPhone = useIsPhone();
  const rows = useMemo(() => sortEmployeeHours(employees ?? [], sort), [employees, sort]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="employee-hours-title" data-testid="employee-hours">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg" id="employee-hours-title">
            Employee Hours
          </Title>
          <Group gap="sm" align="flex-end" w={isPhone ? '100%' : undefined} wrap={isPhone ? 'wrap' : 'nowrap'}>
            <Select
              label="Week"
              data={weeks.map((w) => ({ value: w.start, label: w.label }))}
              value={week.start}
              onChange={(value) => {
                const next = weeks.find((w) => w.start === value);
                if (next) onWeekChange(next);
              }}
              allowDeselect={false}
              w={isPhone ? '100%' : 250}
            />
            <Select
              label="Sort by"
              data={SORTS}
              value={sort}
              onChange={(value) => value && onSortChange(value as HoursSort)}
              allowDeselect={false}
              w={isPhone ? '100%' : 120}
            />
          </Group>
        </Group>

        {loading ? (
          <Loader size="sm" role="status" aria-label="Loading the employee hours" />
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="employee-hours-empty">
            {DASHBOARD_TEXTS.noData}
          </Text>
        ) : isPhone ? (
          <Stack gap="xs">
            {rows.map((row) => (
              <Card key={row.employeeId} withBorder radius="md" p="sm" data-testid="employee-hours-row">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <NameCell row={row} />
                  <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatWorkedTime(row.minutes)}
                  </Text>
                </Group>
                <Group mt={6} justify="space-between" wrap="nowrap" gap="sm">
                  <ClockStatusBadge status={row.currentClockStatus} since={row.currentClockTime} timeZone={timeZone} />
                  {row.pto > 0 ? (
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="employee-pto">
                      PTO: {formatWorkedTime(row.pto)}
                    </Text>
                  ) : null}
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Employee</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                  <Table.Th ta="right">PTO</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.employeeId} data-testid="employee-hours-row">
                    <Table.Td>
                      <NameCell row={row} />
                    </Table.Td>
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatWorkedTime(row.minutes)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="employee-pto">
                      {ptoText(row.pto)}
                    </Table.Td>
                    <Table.Td>
                      <ClockStatusBadge status={row.currentClockStatus} since={row.currentClockTime} timeZone={timeZone} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
