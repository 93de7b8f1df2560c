import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Group, Loader, Modal, Text } from '@mantine/core';

/** The 'Please wait' loading modal itself; loaded only when first needed (see root-layout.tsx). */
export default function PleaseWaitDialog({ opened }: { opened: boolean }) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="xs"
      title="Please wait"
      data-testid="please-wait"
    >
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">Loading…</Text>
      </Group>
    </Modal>
  );
}
