import { Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import {
  systemMessageOf,
  useDeletePersonMessage,
  usePersonMessage,
  useSavePersonMessage,
  useSystemMessages,
  type Celebration,
  type CelebrationType,
  type PersonMessage,
} from '../api/celebrations';
import { CELEBRATION_TEXTS, fullName, MESSAGE_DOCK_WIDTH, TYPE_LOOKS } from './labels';
import { MessageForm, type MessageFormTexts } from './message-form';

interface Person {
  employeeId: number;
  firstname: string;
  lastname: string;
  type: CelebrationType;
}

function PersonMessageForm({ person, current, systemDefault }: { person: Person; current: PersonMessage; systemDefault: string | null }) {
  const { employeeId, type } = person;
  const save = useSavePersonMessage(employeeId, type);
  const remove = useDeletePersonMessage(employeeId, type);
  const texts: MessageFormTexts = {
    form: 'Custom message',
    field: `Custom message for ${person.firstname}`,
    remove: 'Delete custom message',
    removed: CELEBRATION_TEXTS.deleted,
    confirmTitle: 'Delete the custom message?',
    confirmMessage: `${fullName(person)} will get the company's message, or the system default, instead.`,
    confirmLabel: 'Delete',
  };
  return <MessageForm current={current} save={save} remove={remove} texts={texts} systemDefault={systemDefault} testId="message-form" />;
}

function MessageEditor({ person }: { person: Person }) {
  const current = usePersonMessage(person.employeeId, person.type);
  const system = useSystemMessages('employee');
  if (current.isPending) return <Loader size="sm" aria-label="Loading the message" />;
  if (current.isError) return <FormAlert>{serverMessage(current.error)}</FormAlert>;
  return (
    <Stack gap="md">
      <Text size="sm">
        What {fullName(person)} gets by e-mail at 08:00 on the day of their {TYPE_LOOKS[person.type].label.toLowerCase()}.
      </Text>
      {/* A saved or deleted custom message starts the editor afresh. */}
      <PersonMessageForm key={current.data.message?.id ?? 'none'} person={person} current={current.data} systemDefault={systemMessageOf(system.data?.messages, person.type)} />
    </Stack>
  );
}

/**
 * 'Message' of a celebration (admins, and managers for the people they reach): the message the
 * person gets and where it comes from, a custom message to save for them, 'Delete custom message',
 * and the system's default as a hint. 650 wide.
 */
export function MessagePanel({ celebration, onClose }: { celebration: Celebration | null; onClose: () => void }) {
  const [shown, setShown] = useState<Celebration | null>(celebration);
  if (celebration !== null && celebration !== shown) setShown(celebration);
  const title = shown ? `${TYPE_LOOKS[shown.type].label} Message: ${fullName(shown)}` : 'Message';
  return (
    <Dock opened={celebration !== null} onClose={onClose} title={title} width={MESSAGE_DOCK_WIDTH} testId="message-panel">
      {shown ? <MessageEditor key={`${shown.employeeId}-${shown.type}`} person={shown} /> : null}
    </Dock>
  );
}
