import { Modal, type ModalProps } from '@mantine/core';
import { DiscardQuestion, GuardedForms, useCloseGuard } from './close-guard';

/**
 * Mantine's Modal for a form: the dock's closing rules (close-guard.tsx). Escape closes an open
 * date picker or list inside it first, and closing over unsaved changes asks; `onClose`, called by
 * the form itself (saved, Cancel), closes at once.
 */
export function FormModal({ opened, onClose, closeOnEscape = true, children, ...props }: ModalProps) {
  const { rootRef, requestClose, register, question } = useCloseGuard({ opened, onClose, closeOnEscape });
  return (
    <>
      <Modal {...props} ref={rootRef} opened={opened} onClose={requestClose} closeOnEscape={false}>
        <GuardedForms register={register}>{children}</GuardedForms>
      </Modal>
      <DiscardQuestion {...question} />
    </>
  );
}
