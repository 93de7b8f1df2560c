import { ActionIcon, Button, Group, Menu, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmployeePicker } from '@/features/manage/components/employee-picker';
import type { Identity } from '@/lib/identity';
import { quickAddFor, type QuickAddEntry } from './menu';

function PlusIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

type Picking = Extract<QuickAddEntry, { pickEmployee: unknown }>;

/** 'Add HR Event' first asks for whom (the people the admin or manager reaches), then opens their folder. */
function PickEmployeeModal({ entry, onClose }: { entry: Picking | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry?.label ?? ''} centered size="sm" data-testid="quick-add-pick">
      <Stack gap="lg">
        <EmployeePicker
          value={null}
          label="Employee"
          onChange={(employeeId) => {
            if (!entry) return;
            onClose();
            navigate(entry.pickEmployee(employeeId));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The quick-add menu of the top bar (admins and managers): shortcuts to add HR broadcasts and events, people and time off. */
export function QuickAdd({ identity }: { identity: Identity }) {
  const entries = quickAddFor(identity);
  const [picking, setPicking] = useState<Picking | null>(null);
  if (entries.length === 0) return null;
  return (
    <>
      <Menu position="bottom-end" width={200} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label="Quick add" data-testid="quick-add" data-tour="quick-add">
            <PlusIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {entries.map((entry) =>
            'to' in entry ? (
              <Menu.Item key={entry.label} component={Link} to={entry.to}>
                {entry.label}
              </Menu.Item>
            ) : (
              <Menu.Item key={entry.label} onClick={() => setPicking(entry)} aria-haspopup="dialog">
                {entry.label}
              </Menu.Item>
            ),
          )}
        </Menu.Dropdown>
      </Menu>
      <PickEmployeeModal entry={picking} onClose={() => setPicking(null)} />
    </>
  );
}
