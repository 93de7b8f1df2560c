import { Button, FileInput, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ComponentProps } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { saveFailure } from '../api/forms';
import { useUploadLicenceDocument } from '../api/folder';
import type { Licence } from '../api/schemas';
import { DOCUMENT_ACCEPT } from './credit-form';

const FILE_REQUIRED = 'Please choose the licence PDF';

/** Upload a licence's copy: a PDF or an image, replacing the one kept. */
export function LicenceDocumentForm({ employeeId, licence, onDone }: { employeeId: number; licence: Licence; onDone: () => void }) {
  const upload = useUploadLicenceDocument(employeeId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useDiscardGuard(() => file !== null);

  return (
    <form
      noValidate
      aria-label="Upload licence PDF"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        if (!file) {
          setError(FILE_REQUIRED);
          return;
        }
        upload.mutate(
          { id: licence.id, file },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `The copy of the ${licence.state} licence has been uploaded.` });
              onDone();
            },
            onError: (failed) => {
              const failure = saveFailure(failed, ['file']);
              setError(failure.fieldErrors.file ?? null);
              setMessage(failure.message);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <FileInput
          label="Licence PDF"
          description="A PDF or an image of the licence."
          required
          placeholder="Choose a file"
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept={DOCUMENT_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(null);
          }}
          error={error}
          fileInputProps={{ 'data-testid': 'licence-file-input' } as ComponentProps<'input'>}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={upload.isPending}>
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
