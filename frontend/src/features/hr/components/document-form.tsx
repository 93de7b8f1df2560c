import { Button, Loader, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { DOC_SAVED, DOCUMENT_FIELDS, documentFormSchema, useAddDoc, type DocumentFormValues } from '../api/add-doc';
import { typeOptions, useHrTypes } from '../api/get-hr-types';
import type { DocumentView } from '../api/schemas';
import { FileField } from './file-field';
import { baseName, failureMessage, HR_TEXTS, submitFailure } from './labels';
import { NoTypesHint } from './no-types-hint';

/**
 * The add-document form of the folder (001 §2 "HR document dock"): document title, type of
 * document (the active types), brief description and the file (required). Choosing a file fills
 * an empty title with the file's name without its extension.
 */
export function DocumentForm({ employeeId, onSaved }: { employeeId: number; onSaved: (doc: DocumentView) => void }) {
  const types = useHrTypes();
  const save = useAddDoc(employeeId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DocumentFormValues>({
    mode: 'controlled',
    initialValues: { docName: '', docTypeId: null, comments: '', file: null },
    validate: schemaResolver(documentFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  if (types.isPending) return <Loader size="sm" aria-label="Loading the document types" />;
  if (types.isError) return <FormAlert>{failureMessage(types.error)}</FormAlert>;
  const options = typeOptions(types.data.doctypes);
  if (options.length === 0) return <NoTypesHint text={HR_TEXTS.noDocTypes} />;

  const pickFile = (file: File | null) => {
    form.setFieldValue('file', file);
    if (file && !form.values.docName.trim()) form.setFieldValue('docName', baseName(file.name));
  };

  return (
    <form
      noValidate
      aria-label="HR Document"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(values, {
          onSuccess: (doc) => {
            notifications.show({ color: 'green', message: DOC_SAVED });
            onSaved(doc);
          },
          onError: (err) => setError(submitFailure(err, DOCUMENT_FIELDS, form.setErrors)),
        });
      })}
    >
      <Stack gap="md">
        <FileField label="File" required value={form.values.file} onChange={pickFile} error={form.errors.file} />
        <TextInput label="Document title" withAsterisk maxLength={200} autoComplete="off" {...form.getInputProps('docName')} />
        <Select label="Type of document" withAsterisk placeholder="Choose a type" data={options} allowDeselect={false} {...form.getInputProps('docTypeId')} />
        <Textarea label="Brief description" autosize minRows={3} maxRows={8} maxLength={2000} {...form.getInputProps('comments')} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
