import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/media';
import { DiscardQuestion, GuardedForms, useCloseGuard } from './close-guard';

interface DockProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Width on desktops (the spec gives each dock its own: 300, 350, 470, 550, 580, 650); phones get the full width. */
  width: number;
  children: ReactNode;
  testId?: string;
  /**
   * False: no close button, and neither Escape nor a click beside it closes the dock (the task
   * dock while something is overdue, spec 000 §2).
   */
  closable?: boolean;
}

/**
 * The product's right-side panel ('dock'), used by every screen that opens one. Escape closes an
 * open date picker or list inside it before the dock, and closing over a form's unsaved changes
 * (`useDiscardGuard`) asks first; `onClose` itself, called by a form that saved, closes at once.
 */
export function Dock({ opened, onClose, title, width, children, testId = 'dock', closable = true }: DockProps) {
  const isPhone = useIsPhone();
  const { rootRef, requestClose, register, question } = useCloseGuard({ opened, onClose, closeOnEscape: closable });
  return (
    <>
      <Drawer
        ref={rootRef}
        opened={opened}
        onClose={requestClose}
        position="right"
        size={isPhone ? '100%' : width}
        title={title}
        padding="md"
        closeButtonProps={{ 'aria-label': 'Close' }}
        withCloseButton={closable}
        closeOnEscape={false}
        closeOnClickOutside={closable}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        data-testid={testId}
        data-width={isPhone ? 'full' : width}
      >
        <GuardedForms register={register}>{children}</GuardedForms>
      </Drawer>
      <DiscardQuestion {...question} />
    </>
  );
}
