import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  /** Focus the cancel button on opening: the safe answer when Enter comes by habit. */
  focusCancel?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before something that cannot be undone (spec 000 §8 confirmations). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  loading = false,
  focusCancel = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="sm" data-testid="confirm-dialog">
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus={focusCancel || undefined}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 002 §2's delete question ('Are you sure?' / 'Once you do this there's no going back!'). */
export function ConfirmDelete({ opened, loading, onConfirm, onCancel }: Pick<ConfirmDialogProps, 'opened' | 'loading' | 'onConfirm' | 'onCancel'>) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Are you sure?"
      message="Once you do this there's no going back!"
      confirmLabel="Delete"
      danger
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
