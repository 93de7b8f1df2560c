import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';

/** The message of a failed load: the server's, or the generic text when there is none. */
export function loadErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.firstMessage : GENERIC_FORM_ERROR;
}

/**
 * Spec 001 §8: dashboard and inbox load errors open a modal titled 'Error' with the message and
 * an Ok button. Each failure shows once; Ok dismisses it until another one comes.
 */
export function LoadErrorModal({ error }: { error: unknown }) {
  const [dismissed, setDismissed] = useState<unknown>(null);
  const opened = error != null && error !== dismissed;
  const close = () => setDismissed(error);
  return (
    <Modal opened={opened} onClose={close} title="Error" centered size="sm" data-testid="load-error">
      <Stack gap="lg">
        <Text>{opened ? loadErrorMessage(error) : ''}</Text>
        <Group justify="flex-end">
          <Button onClick={close}>Ok</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
