import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/media';

/**
 * Side panel widths of spec 000 §9: the timesheet info dock (the shift's details) 580, clocked
 * hours 450, overtime 350, the other panels 350. Phones get the full width.
 */
export const PANEL_WIDTHS = { info: 580, clockedHours: 450, overtime: 350, other: 350 } as const;

interface SidePanelProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  width: number;
  children: ReactNode;
}

export function SidePanel({ opened, onClose, title, width, children }: SidePanelProps) {
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
      data-testid="side-panel"
      data-width={isPhone ? 'full' : width}
    >
      {children}
    </Drawer>
  );
}
