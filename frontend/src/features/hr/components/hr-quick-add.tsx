import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { DocRequestForm } from './doc-request-form';
import { DocumentForm } from './document-form';
import { EventForm } from './event-form';
import { HR_DOCK_WIDTH, type AddKind } from './labels';

/** The docks' titles and the menu's words (001 §2: HR Event, HR Doc, HR Doc Request). */
export const ADD_MENU: readonly { kind: AddKind; label: string; dock: string }[] = [
  { kind: 'event', label: 'HR Event', dock: 'Add HR Event' },
  { kind: 'doc', label: 'HR Doc', dock: 'Add HR Document' },
  { kind: 'request', label: 'HR Doc Request', dock: 'Add HR Doc Request' },
];

/** ?autoStart= of the folder: which add dock to open, once per visit of the address (`key`). */
export interface AutoStart {
  kind: AddKind;
  key: string;
}

interface HrQuickAddProps {
  employeeId: number;
  timeZone: string;
  autoStart: AutoStart | null;
  /** The dock that ?autoStart= opened has closed: the folder drops the flag from its address. */
  onAutoStartDone: () => void;
  /** A record was saved: the folder shows its tab, and drops ?autoStart= if it is there. */
  onSaved: (kind: AddKind) => void;
}

function ChevronIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The folder's quick add (001 §2), shown only while the employee is active: a split button whose
 * main part adds an HR Event and whose menu offers HR Event, HR Doc and HR Doc Request, each in
 * its dock (650 wide; full width on phones). ?autoStart=event|doc|request opens one on arrival.
 */
export function HrQuickAdd({ employeeId, timeZone, autoStart, onAutoStartDone, onSaved }: HrQuickAddProps) {
  const [adding, setAdding] = useState<AddKind | null>(null);
  const [opened, setOpened] = useState(false);
  const [handled, setHandled] = useState<string | null>(null);
  const [fromAutoStart, setFromAutoStart] = useState(false);

  if (autoStart && autoStart.key !== handled) {
    setHandled(autoStart.key);
    setAdding(autoStart.kind);
    setOpened(true);
    setFromAutoStart(true);
  }

  const open = (kind: AddKind) => {
    setAdding(kind);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    setFromAutoStart(false);
    if (fromAutoStart) onAutoStartDone();
  };
  // Saved: the folder shows the record's tab (and drops ?autoStart= in the same change of address).
  const saved = (kind: AddKind) => {
    setOpened(false);
    setFromAutoStart(false);
    onSaved(kind);
  };
  const title = ADD_MENU.find((entry) => entry.kind === adding)?.dock ?? '';

  return (
    <>
      <Group gap={0} wrap="nowrap" data-testid="hr-quick-add">
        <Button size="sm" onClick={() => open('event')} aria-label="Add HR Event" style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}>
          + HR Event
        </Button>
        <Menu position="bottom-end" width={200} shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon
              size={36}
              variant="filled"
              aria-label="Add to the folder"
              style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid var(--mantine-color-body)' }}
            >
              <ChevronIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {ADD_MENU.map((entry) => (
              <Menu.Item key={entry.kind} onClick={() => open(entry.kind)}>
                {entry.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Dock opened={opened} onClose={close} title={title} width={HR_DOCK_WIDTH} testId="hr-add-dock">
        {adding === 'event' ? <EventForm employeeId={employeeId} onSaved={() => saved('event')} /> : null}
        {adding === 'doc' ? <DocumentForm employeeId={employeeId} onSaved={() => saved('doc')} /> : null}
        {adding === 'request' ? <DocRequestForm employeeId={employeeId} timeZone={timeZone} onSaved={() => saved('request')} /> : null}
      </Dock>
    </>
  );
}
