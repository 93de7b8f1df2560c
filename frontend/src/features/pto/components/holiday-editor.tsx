import { Button, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import {
  HOLIDAY_DATE_REQUIRED,
  HOLIDAY_FORM_ERROR_TITLE,
  HOLIDAY_NAME_REQUIRED,
  parseHolidayDate,
  useSaveHoliday,
  type HolidayForm,
  type PaidHoliday,
} from '../api/holidays';

/** 'Oh Snap!' with the server's message (002 §8). */
export function OhSnap({ children }: { children: string }) {
  return <FormAlert title={HOLIDAY_FORM_ERROR_TITLE}>{children}</FormAlert>;
}

/** The side panel's form: the holiday's name and date (shown MM-DD-YYYY, sent YYYY-MM-DD). */
export function HolidayEditor({ holiday, year, onSaved }: { holiday: PaidHoliday | null; year: number; onSaved: (saved: PaidHoliday) => void }) {
  const save = useSaveHoliday();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<HolidayForm>({
    mode: 'controlled',
    initialValues: { id: holiday?.id, name: holiday?.name ?? '', holiday: holiday?.holiday ?? null },
    validate: {
      name: (value) => (value.trim() ? null : HOLIDAY_NAME_REQUIRED),
      holiday: (value) => (value ? null : HOLIDAY_DATE_REQUIRED),
    },
  });
  return (
    <form
      noValidate
      aria-label="Paid Holiday"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(values, { onSuccess: onSaved, onError: (err) => setError(serverMessage(err)) });
      })}
    >
      <Stack gap="md">
        <TextInput label="Holiday name" withAsterisk maxLength={100} autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <DateInput
          label="Holiday date"
          withAsterisk
          placeholder="MM-DD-YYYY"
          valueFormat="MM-DD-YYYY"
          dateParser={parseHolidayDate}
          // A new holiday's calendar opens in the year on screen.
          defaultDate={holiday?.holiday ?? `${year}-01-01`}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('holiday')}
        />
        {error ? <OhSnap>{error}</OhSnap> : null}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
