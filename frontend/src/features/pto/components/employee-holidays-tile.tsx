import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import {
  formatHolidayDate,
  formatHolidayHours,
  HOLIDAY_HOURS_INVALID,
  HOLIDAY_HOURS_SAVED,
  HOLIDAY_INFO,
  isHolidayHours,
  useEmployeeHolidays,
  useSaveEmployeeHolidays,
  type EmployeeHolidays,
} from '../api/holidays';


/** The holidays dock's form: an hours field per holiday, saved together. */
function HolidayHoursForm({ data, onSaved }: { data: EmployeeHolidays; onSaved: () => void }) {
  const save = useSaveEmployeeHolidays(data.employeeId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { holidays: data.holidays.map((row) => ({ holidayId: row.holidayId, hours: formatHolidayHours(row.hours) })) },
    validate: { holidays: { hours: (value: string) => (isHolidayHours(value) ? null : HOLIDAY_HOURS_INVALID) } },
  });
  return (
    <form
      noValidate
      aria-label="Holiday hours"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(
          { employeeId: data.employeeId, year: data.year, holidays: values.holidays },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: HOLIDAY_HOURS_SAVED });
              onSaved();
            },
            onError: (err) => {
              if (err instanceof ApiError && err.hasFieldErrors) {
                // holidays[2].hours → holidays.2.hours, the form's path.
                const fields: Record<string, string> = {};
                for (const [field, messages] of Object.entries(err.errors)) {
                  if (messages[0]) fields[field.replace(/\[(\d+)\]/g, '.$1')] = messages[0];
                }
                form.setErrors(fields);
                if (!Object.keys(fields).some((field) => /^holidays\.\d+\.hours$/.test(field))) setError(sorry(err));
              } else {
                setError(sorry(err));
              }
            },
          },
        );
      })}
    >
      <Stack gap="md">
        {data.holidays.map((row, index) => (
          <Group key={row.holidayId} justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="holiday-hours-row">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatHolidayDate(row.holiday)}
              </Text>
            </Stack>
            <TextInput
              aria-label={`Hours for ${row.name}`}
              inputMode="decimal"
              autoComplete="off"
              w={110}
              // A long holiday name wraps; the field keeps its width.
              style={{ flexShrink: 0 }}
              rightSection={
                <Text size="xs" c="dimmed" aria-hidden>
                  hrs
                </Text>
              }
              {...form.getInputProps(`holidays.${index}.hours`)}
            />
          </Group>
        ))}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}

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
