import type { ReactNode } from 'react';
import { Dock } from '@/components/dock';

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

export function SidePanel(props: SidePanelProps) {
  return <Dock {...props} testId="side-panel" />;
}
