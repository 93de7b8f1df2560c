import { ActionIcon, Menu } from '@mantine/core';
import type { Entry } from '../api/schemas';
import { dayLabel } from './labels';
import { rowActionsFor, type RowAction, type Viewer } from './row-actions';

interface RowMenuProps {
  entry: Entry;
  viewer: Viewer;
  onAction: (action: RowAction, entry: Entry) => void;
}

/** The actions of one timesheet row, by role (row-actions.ts). */
export function RowMenu({ entry, viewer, onAction }: RowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`Actions for ${dayLabel(entry.day)}`} data-testid={`row-actions-${entry.id}`}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="5" cy="12" r="2" fill="currentColor" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <circle cx="19" cy="12" r="2" fill="currentColor" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {rowActionsFor(viewer, entry).map((item) => (
          <Menu.Item key={item.action} color={item.action === 'delete' ? 'red.9' : undefined} onClick={() => onAction(item.action, entry)}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
