import { Button, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { DISPLAY_DATE_FORMAT, isoDateIn } from '@/lib/dates';
import { serverMessage } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import {
  HOLIDAY_DATE_REQUIRED,
  HOLIDAY_FORM_ERROR_TITLE,
  HOLIDAY_NAME_REQUIRED,
  holidayPickerMonth,
  parseHolidayDate,
  useSaveHoliday,
  type HolidayForm,
  type PaidHoliday,
} from '../api/holidays';

/** 'Oh Snap!' with the server's message (002 §8). */
export function OhSnap({ children }: { children: string }) {
  return <FormAlert title={HOLIDAY_FORM_ERROR_TITLE}>{children}</FormAlert>;
}

/** The side panel's form: the holiday's name and date (shown MM/DD/YYYY, sent YYYY-MM-DD). */
export function HolidayEditor({ holiday, year, onSaved }: { holiday: PaidHoliday | null; year: number; onSaved: (saved: PaidHoliday) => void }) {
  const save = useSaveHoliday();
  const today = isoDateIn(new Date(), useSession()?.identity.timezone);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<HolidayForm>({
    mode: 'controlled',
    initialValues: { id: holiday?.id, name: holiday?.name ?? '', holiday: holiday?.holiday ?? null },
    validate: {
      name: (value) => (value.trim() ? null : HOLIDAY_NAME_REQUIRED),
      holiday: (value) => (value ? null : HOLIDAY_DATE_REQUIRED),
    },
  });
  useDiscardGuard(() => form.isDirty());
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
          placeholder={DISPLAY_DATE_FORMAT}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseHolidayDate}
          // A new holiday's calendar opens in the year on screen, on this month.
          defaultDate={holiday?.holiday ?? holidayPickerMonth(year, today)}
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
