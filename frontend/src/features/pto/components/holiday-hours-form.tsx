import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import {
  formatHolidayDate,
  formatHolidayHours,
  HOLIDAY_HOURS_INVALID,
  HOLIDAY_HOURS_SAVED,
  isHolidayHours,
  useSaveEmployeeHolidays,
  type EmployeeHolidays,
} from '../api/holidays';

/** The holidays dock's form: an hours field per holiday, saved together. */
export function HolidayHoursForm({ data, onSaved }: { data: EmployeeHolidays; onSaved: () => void }) {
  const save = useSaveEmployeeHolidays(data.employeeId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { holidays: data.holidays.map((row) => ({ holidayId: row.holidayId, hours: formatHolidayHours(row.hours) })) },
    validate: { holidays: { hours: (value: string) => (isHolidayHours(value) ? null : HOLIDAY_HOURS_INVALID) } },
  });
  useDiscardGuard(() => form.isDirty());
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
