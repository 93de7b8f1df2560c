import { Button, Checkbox, Loader, Select, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { EVENT_FIELDS, EVENT_SAVED, eventFormSchema, useAddEvent, type EventFormValues } from '../api/add-event';
import { typeOptions, useHrTypes } from '../api/get-hr-types';
import type { EventView } from '../api/schemas';
import { CommentsEditor } from './comments-editor';
import { FileField } from './file-field';
import { failureMessage, HR_TEXTS, submitFailure } from './labels';
import { NoTypesHint } from './no-types-hint';

const EMPTY: EventFormValues = {
  title: '',
  eventTypeId: null,
  actionDate: null,
  comments: '',
  ackneeded: false,
  onlyVisibleToOwner: false,
  file: null,
};

/**
 * The add-event form of the folder (001 §2 "event dock"): title, type of event (the active
 * types), action date, comments in the rich-text editor, 'Needs acknowledgement', 'Only visible to
 * the employee and admins' and an optional file. Saved: 'The Event has been saved.'
 */
export function EventForm({ employeeId, onSaved }: { employeeId: number; onSaved: (event: EventView) => void }) {
  const types = useHrTypes();
  const save = useAddEvent(employeeId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(eventFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  if (types.isPending) return <Loader size="sm" aria-label="Loading the event types" />;
  if (types.isError) return <FormAlert>{failureMessage(types.error)}</FormAlert>;
  const options = typeOptions(types.data.eventtypes);
  if (options.length === 0) return <NoTypesHint text={HR_TEXTS.noEventTypes} />;

  return (
    <form
      noValidate
      aria-label="HR Event"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(values, {
          onSuccess: (event) => {
            notifications.show({ color: 'green', message: EVENT_SAVED });
            onSaved(event);
          },
          onError: (err) => setError(submitFailure(err, EVENT_FIELDS, form.setErrors)),
        });
      })}
    >
      <Stack gap="md">
        <TextInput label="Title" withAsterisk maxLength={200} autoComplete="off" data-autofocus {...form.getInputProps('title')} />
        <Select label="Type of event" withAsterisk placeholder="Choose a type" data={options} allowDeselect={false} {...form.getInputProps('eventTypeId')} />
        <DateInput
          label="Action date"
          placeholder="MM/DD/YYYY"
          valueFormat="MM/DD/YYYY"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the action date' }}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('actionDate')}
        />
        <CommentsEditor
          label="Comments"
          initialValue={form.values.comments}
          onChange={(html) => form.setFieldValue('comments', html)}
          error={typeof form.errors.comments === 'string' ? form.errors.comments : null}
        />
        <Checkbox label={HR_TEXTS.needsAck} {...form.getInputProps('ackneeded', { type: 'checkbox' })} />
        <Checkbox label={HR_TEXTS.ownerOnly} {...form.getInputProps('onlyVisibleToOwner', { type: 'checkbox' })} />
        <FileField label="File" value={form.values.file} onChange={(file) => form.setFieldValue('file', file)} error={form.errors.file} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
