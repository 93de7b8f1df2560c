import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { useCancelAccount } from '../api/cancel-account';
import { BILLING_TEXTS } from './labels';

/**
 * 'Cancel Account' (admins, 001 §4): asks first with the spec's texts, then deletes the company.
 * `onCancelled` gets the server's message; the screen then signs out.
 */
export function CancelAccountSection({ onCancelled }: { onCancelled: (message: string) => void }) {
  const cancel = useCancelAccount();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="billing-cancel-account">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="billing-cancel-account">
          Cancel Account
        </Title>
        <Text size="sm">{BILLING_TEXTS.cancelWarning}</Text>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group>
          <Button
            color="red.9"
            aria-haspopup="dialog"
            onClick={() => {
              setError(null);
              setAsking(true);
            }}
          >
            Cancel Account
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={BILLING_TEXTS.cancelQuestion}
        message={BILLING_TEXTS.cancelWarning}
        confirmLabel="Yes, Cancel Account"
        cancelLabel="Keep My Account"
        danger
        loading={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (message) => {
              setAsking(false);
              onCancelled(message);
            },
            onError: (err) => {
              setAsking(false);
              setError(sorry(err));
            },
          })
        }
      />
    </Paper>
  );
}
