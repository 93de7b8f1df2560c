import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/media';

interface DockProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Width on desktops (the spec gives each dock its own: 300, 350, 470, 550, 580, 650); phones get the full width. */
  width: number;
  children: ReactNode;
  testId?: string;
}

/** The product's right-side panel ('dock'), used by every screen that opens one. */
export function Dock({ opened, onClose, title, width, children, testId = 'dock' }: DockProps) {
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
      data-testid={testId}
      data-width={isPhone ? 'full' : width}
    >
      {children}
    </Drawer>
  );
}
