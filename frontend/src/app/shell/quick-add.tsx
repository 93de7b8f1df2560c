import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { Identity } from '@/lib/identity';
import { quickAddFor } from './menu';

function PlusIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The quick-add menu of the top bar (admins and managers): shortcuts to add people and time off. */
export function QuickAdd({ identity }: { identity: Identity }) {
  const entries = quickAddFor(identity);
  if (entries.length === 0) return null;
  return (
    <Menu position="bottom-end" width={200} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label="Quick add" data-testid="quick-add">
          <PlusIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => (
          <Menu.Item key={entry.to} component={Link} to={entry.to}>
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
