import { Badge, Button, Loader, Select, Stack, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { isoDateIn } from '@/lib/dates';
import { docRequestFormSchema, REQUEST_FIELDS, REQUEST_SAVED, useAddDocRequest, type DocRequestFormValues } from '../api/add-doc-request';
import { typeOptions, useHrTypes } from '../api/get-hr-types';
import type { DocRequestView } from '../api/schemas';
import { failureMessage, HR_TEXTS, submitFailure } from './labels';
import { NoTypesHint } from './no-types-hint';

interface DocRequestFormProps {
  employeeId: number;
  /** The company's zone: the due date may not be before its today. */
  timeZone: string;
  onSaved: (request: DocRequestView) => void;
}

/**
 * The document-request form of the folder (001 §2 "HR doc request dock"): the type of document
 * asked for (an onboarding type says so), the due date (today or later) and comments. The
 * employee is mailed and finds the request in their task dock.
 */
export function DocRequestForm({ employeeId, timeZone, onSaved }: DocRequestFormProps) {
  const types = useHrTypes();
  const save = useAddDocRequest(employeeId);
  const [error, setError] = useState<string | null>(null);
  const today = isoDateIn(new Date(), timeZone);
  const schema = useMemo(() => docRequestFormSchema(today), [today]);
  const form = useForm<DocRequestFormValues>({
    mode: 'controlled',
    initialValues: { docTypeId: null, dueDate: null, comments: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  if (types.isPending) return <Loader size="sm" aria-label="Loading the document types" />;
  if (types.isError) return <FormAlert>{failureMessage(types.error)}</FormAlert>;
  const options = typeOptions(types.data.doctypes);
  if (options.length === 0) return <NoTypesHint text={HR_TEXTS.noDocTypes} />;
  const chosen = types.data.doctypes.find((t) => String(t.id) === form.values.docTypeId) ?? null;

  return (
    <form
      noValidate
      aria-label="HR Doc Request"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(values, {
          onSuccess: (request) => {
            notifications.show({ color: 'green', message: REQUEST_SAVED });
            onSaved(request);
          },
          onError: (err) => setError(submitFailure(err, REQUEST_FIELDS, form.setErrors)),
        });
      })}
    >
      <Stack gap="md">
        <Select label="Type of document" withAsterisk placeholder="Choose a type" data={options} allowDeselect={false} data-autofocus {...form.getInputProps('docTypeId')} />
        {chosen?.onboardingDoc ? (
          <Badge variant="light" data-testid="onboarding-doc">
            Onboarding document
          </Badge>
        ) : null}
        <DateInput
          label="Due date"
          withAsterisk
          placeholder="MM/DD/YYYY"
          valueFormat="MM/DD/YYYY"
          minDate={today}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('dueDate')}
        />
        <Textarea label="Comments" autosize minRows={3} maxRows={8} maxLength={2000} {...form.getInputProps('comments')} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="submit" loading={save.isPending}>
          Send Request
        </Button>
      </Stack>
    </form>
  );
}
