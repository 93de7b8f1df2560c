import { Button, Stack } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { useDownloadFile, type DownloadTarget } from '../api/download-file';
import { failureMessage } from './labels';

/** 'Download': asks for the file through the api client (POST, bearer token) and saves it under its own name. */
export function DownloadButton({ target, fileName }: { target: DownloadTarget; fileName: string }) {
  const download = useDownloadFile();
  return (
    <Stack gap={4} align="flex-start">
      <Button size="xs" variant="light" loading={download.isPending} onClick={() => download.mutate(target)} aria-label={`Download ${fileName}`}>
        Download
      </Button>
      {download.isError ? <FormAlert>{failureMessage(download.error)}</FormAlert> : null}
    </Stack>
  );
}
