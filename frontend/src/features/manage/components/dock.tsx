import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/media';

interface DockProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Width on desktops (spec 001 §9); phones get the full width. */
  width: number;
  children: ReactNode;
}

/** A right-side panel of the HR folders (contact add/edit 350, activity detail 550). */
export function Dock({ opened, onClose, title, width, children }: DockProps) {
  const isPhone = useIsPhone();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : width}
      title={title}
      padding="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="dock"
      data-width={isPhone ? 'full' : width}
    >
      {children}
    </Drawer>
  );
}
