import { Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { timeOfDayIn } from '@/lib/company-time';
import {
  entryLocalTimes,
  requestEditFormSchema,
  toEditRequestBody,
  useRequestEdit,
  type RequestEditValues,
} from '../api/request-edit';
import type { ChangeType, Entry } from '../api/schemas';
import { BreaksEditor } from './breaks-editor';
import { BREAK_OPERATION_LABELS, CHANGE_TYPE_LABELS, dateTimeOrDash, dayLabel, panelFormFailure } from './labels';

const hhmm = (instant: string, timeZone: string) => timeOfDayIn(instant, timeZone).slice(0, 5);

/** The fields the request form shows for these values. */
export function shownFields(values: Pick<RequestEditValues, 'changeType' | 'boptype'>): string[] {
  const fields = ['changeType', 'boptype', 'comment'];
  if (values.changeType === 'in' || values.changeType === 'inout') fields.push('start');
  if (values.changeType === 'out' || values.changeType === 'inout') fields.push('end');
  if (values.boptype === 'REPLACE') fields.push('breaks');
  return fields;
}

interface RequestEditFormProps {
  entry: Entry;
  timeZone: string;
  onSubmitted: () => void;
}

/** The request form (spec 000 §5): what to change, the new times, the break operation, a reason. */
export function RequestEditForm({ entry, timeZone, onSubmitted }: RequestEditFormProps) {
  const request = useRequestEdit();
  const [error, setError] = useState<string | null>(null);
  const originals = useMemo(() => entryLocalTimes(entry, timeZone), [entry, timeZone]);
  const form = useForm<RequestEditValues>({
    mode: 'controlled',
    initialValues: {
      changeType: '',
      start: hhmm(entry.start, timeZone),
      end: entry.end ? hhmm(entry.end, timeZone) : '',
      boptype: 'NOCHANGE',
      breaks: entry.breaks.map((b) => ({ from: hhmm(b.from, timeZone), to: b.to ? hhmm(b.to, timeZone) : '' })),
      comment: '',
    },
    validate: schemaResolver(requestEditFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());
  const { changeType, boptype } = form.values;
  const changesIn = changeType === 'in' || changeType === 'inout';
  const changesOut = changeType === 'out' || changeType === 'inout';

  return (
    <form
      noValidate
      aria-label="Request Timesheet Edit"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        // mutateAsync, not mutate's callbacks: the raised request the hook reloads replaces this
        // form, and callbacks given to mutate() never run once the form is unmounted.
        request.mutateAsync(toEditRequestBody(values, entry, originals)).then(
          () => {
            form.reset();
            onSubmitted();
          },
          (err: unknown) => {
            // Errors of fields the form does not show (e.g. the shift's own breaks while they stay
            // unchanged) go to the warning box.
            const failure = panelFormFailure(err, shownFields(values));
            form.setErrors(failure.fieldErrors);
            setError(failure.message);
          },
        );
      })}
    >
      <Stack gap="md">
        {error && !request.isPending ? <FormAlert color="yellow">{error}</FormAlert> : null}
        <Text size="sm" c="dimmed">
          Shift of {dayLabel(entry.day)}: {dateTimeOrDash(entry.start, timeZone)} – {dateTimeOrDash(entry.end, timeZone)}
        </Text>
        <Radio.Group label="What to change" required {...form.getInputProps('changeType')}>
          <Stack gap={6} mt={6}>
            {(Object.keys(CHANGE_TYPE_LABELS) as ChangeType[]).map((type) => (
              <Radio key={type} value={type} label={CHANGE_TYPE_LABELS[type]} />
            ))}
          </Stack>
        </Radio.Group>
        {changesIn ? <TimeInput label="Clock In" required {...form.getInputProps('start')} /> : null}
        {changesOut ? <TimeInput label="Clock Out" required {...form.getInputProps('end')} /> : null}
        <Radio.Group label="Break operation" {...form.getInputProps('boptype')}>
          <Stack gap={6} mt={6}>
            {Object.entries(BREAK_OPERATION_LABELS).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Stack>
        </Radio.Group>
        {boptype === 'REPLACE' ? (
          <BreaksEditor
            value={form.values.breaks}
            onChange={(rows) => form.setFieldValue('breaks', rows)}
            error={form.errors.breaks}
            dayText={dayLabel(entry.day)}
          />
        ) : null}
        <Textarea label="Reason" required autosize minRows={2} maxRows={6} {...form.getInputProps('comment')} />
        <Button type="submit" loading={request.isPending} disabled={!changeType}>
          Submit Request
        </Button>
      </Stack>
    </form>
  );
}
