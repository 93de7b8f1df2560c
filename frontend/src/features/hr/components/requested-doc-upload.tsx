import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import type { RequestTask } from '../api/get-my-tasks';
import { UPLOAD_FIELDS, UPLOAD_SAVED, uploadFormSchema, useUploadRequestedDoc, type UploadFormValues } from '../api/upload-requested-doc';
import { FileField } from './file-field';
import { baseName, submitFailure } from './labels';

/**
 * The upload for a document request (000 §5 "Document upload"), in the task dock and in My
 * Docs: name, brief description and the file; choosing a file fills an empty name with the file's
 * name without its extension. Sent as the request's document: the request is fulfilled.
 */
export function RequestedDocUpload({ request, onDone, onCancel }: { request: RequestTask; onDone: () => void; onCancel: () => void }) {
  const upload = useUploadRequestedDoc();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<UploadFormValues>({
    mode: 'controlled',
    initialValues: { docName: '', comments: '', file: null },
    validate: schemaResolver(uploadFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  const pickFile = (file: File | null) => {
    form.setFieldValue('file', file);
    if (file && !form.values.docName.trim()) form.setFieldValue('docName', baseName(file.name));
  };

  return (
    <form
      noValidate
      aria-label={`Upload ${request.name}`}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        upload.mutate(
          { reqId: request.id, docTypeId: request.docTypeId, values },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: UPLOAD_SAVED });
              onDone();
            },
            onError: (err) => setError(submitFailure(err, UPLOAD_FIELDS, form.setErrors)),
          },
        );
      })}
    >
      <Stack gap="sm">
        <FileField label="Document" required value={form.values.file} onChange={pickFile} error={form.errors.file} />
        <TextInput label="Name" withAsterisk maxLength={200} autoComplete="off" {...form.getInputProps('docName')} />
        <Textarea label="Brief Description" withAsterisk autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('comments')} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
