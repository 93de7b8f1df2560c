import { Anchor, Group, Loader, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { formatHolidayDate, formatHolidayHours, HOLIDAY_INFO, useEmployeeHolidays, type EmployeeHolidays } from '../api/holidays';
import { HolidayHoursForm } from './holiday-hours-form';

/** Read-only: the hours each holiday gives the employee. */
function HolidayHoursTable({ data }: { data: EmployeeHolidays }) {
  return (
    <Table verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Holiday</Table.Th>
          <Table.Th ta="right">Hours</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.holidays.map((row) => (
          <Table.Tr key={row.holidayId} data-testid="holiday-hours-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatHolidayDate(row.holiday)}</Table.Td>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td ta="right">{formatHolidayHours(row.hours)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The folder's 'Holidays' tile (001 §2): this year's holiday hours of the employee. It opens the
 * 'Holidays' dock (550 wide, the full width on phones) with each holiday's hours; admins viewing
 * someone else change them (nobody changes their own), everybody else reads them.
 */
export function EmployeeHolidaysTile({ employeeId, canEdit }: { employeeId: number; canEdit: boolean }) {
  const holidays = useEmployeeHolidays(employeeId);
  const [opened, setOpened] = useState(false);
  const total = holidays.data ? `${formatHolidayHours(holidays.data.totalHours)} hrs` : '…';
  return (
    <>
      <UnstyledButton onClick={() => setOpened(true)} disabled={!holidays.data} data-testid="holidays-tile" style={{ display: 'block', width: '100%' }}>
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>Holidays</Text>
            {holidays.isPending ? <Loader size="xs" aria-label="Loading the holiday hours" /> : <Text fw={700} data-testid="holidays-total">
                {holidays.isError ? '—' : total}
              </Text>}
          </Group>
        </Paper>
      </UnstyledButton>
      {holidays.isError ? <FormAlert>{sorry(holidays.error)}</FormAlert> : null}
      <Dock opened={opened} onClose={() => setOpened(false)} title="Holidays" width={550} testId="holidays-dock">
        {holidays.data ? (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {HOLIDAY_INFO} Paid holidays of {holidays.data.year}: {total}.
            </Text>
            {holidays.data.holidays.length === 0 ? (
              <Text>
                There are no paid holidays in {holidays.data.year}.{' '}
                <Anchor component={Link} to="/admin/manage/holidays">
                  Paid Holidays
                </Anchor>
              </Text>
            ) : canEdit ? (
              // The dock drops its content when closed: each opening starts from what the server holds.
              <HolidayHoursForm data={holidays.data} onSaved={() => setOpened(false)} />
            ) : (
              <HolidayHoursTable data={holidays.data} />
            )}
          </Stack>
        ) : null}
      </Dock>
    </>
  );
}
