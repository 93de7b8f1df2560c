import { Button, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { timeOfDayIn } from '@/lib/company-time';
import { editTimesheetFormSchema, toEditTimesheetBody, useEditTimesheet, type EditTimesheetValues } from '../api/edit-timesheet';
import { entryLocalTimes } from '../api/request-edit';
import type { Entry } from '../api/schemas';
import { BreaksEditor } from './breaks-editor';
import { panelFormFailure } from './labels';

const hhmm = (instant: string, timeZone: string) => timeOfDayIn(instant, timeZone).slice(0, 5);

interface ShiftFormPanelProps {
  /** The shift to edit ('Edit Now', admins); none: 'Add Shift'. */
  entry?: Entry;
  employeeId: number;
  timeZone: string;
  /** The date an added shift starts on. */
  defaultDate: string;
  onDone: () => void;
}

/**
 * 'Edit Timesheet' and 'Add Shift' (spec 000 §5): the clock in (date and time, required), the
 * clock out and the breaks, all on the clock in's date, sent as 'YYYY-MM-DD HH:mm:ss'. A 400's
 * field errors go to the fields; other errors show in a warning box while not submitting.
 */
export function ShiftFormPanel({ entry, employeeId, timeZone, defaultDate, onDone }: ShiftFormPanelProps) {
  const save = useEditTimesheet();
  const [error, setError] = useState<string | null>(null);
  const originals = useMemo(() => (entry ? entryLocalTimes(entry, timeZone) : []), [entry, timeZone]);
  const form = useForm<EditTimesheetValues>({
    mode: 'controlled',
    initialValues: {
      date: entry?.day ?? defaultDate,
      start: entry ? hhmm(entry.start, timeZone) : '',
      end: entry?.end ? hhmm(entry.end, timeZone) : '',
      breaks: (entry?.breaks ?? []).map((b) => ({ from: hhmm(b.from, timeZone), to: b.to ? hhmm(b.to, timeZone) : '' })),
    },
    validate: schemaResolver(editTimesheetFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  return (
    <form
      noValidate
      aria-label={entry ? 'Edit Timesheet' : 'Add Shift'}
      data-testid="shift-form"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(toEditTimesheetBody(values, { employeeId, trackingNumber: entry?.id }, originals), {
          onSuccess: () => onDone(),
          onError: (err) => {
            const failure = panelFormFailure(err, ['start', 'end', 'breaks']);
            form.setErrors(failure.fieldErrors);
            setError(failure.message);
          },
        });
      })}
    >
      <Stack gap="md">
        {error && !save.isPending ? <FormAlert color="yellow">{error}</FormAlert> : null}
        <TextInput type="date" label="Date" required {...form.getInputProps('date')} />
        <TimeInput label="Clock In" required {...form.getInputProps('start')} />
        <TimeInput label="Clock Out" {...form.getInputProps('end')} />
        <BreaksEditor value={form.values.breaks} onChange={(rows) => form.setFieldValue('breaks', rows)} error={form.errors.breaks} />
        <Text size="xs" c="dimmed">
          The clock out and the breaks are on the date of the clock in.
        </Text>
        <Button type="submit" loading={save.isPending}>
          {entry ? 'Save' : 'Add Shift'}
        </Button>
      </Stack>
    </form>
  );
}
