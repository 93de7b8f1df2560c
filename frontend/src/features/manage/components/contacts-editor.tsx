import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { REMOVE_CONFIRMATION, useDeleteContact } from '../api/delete-contact';
import { useContacts } from '../api/get-contacts';
import { fullName, type Contact } from '../api/schemas';
import { ContactFormPanel } from './contact-form';
import { EmailLink, PhoneLink } from './contact-links';
import { Dock } from '@/components/dock';
import { DOCK_WIDTHS, failureMessage, sorry, TEXTS } from './labels';

interface ContactsEditorProps {
  eid: number;
  /** Admins edit anyone's contacts, people their own (contract: emergency contacts). */
  canEdit: boolean;
}

type Editing = { contactId: number | null } | null;

/** Tab 2 of add/edit employee: the emergency contacts with an add/edit dock and removal. */
export function ContactsEditor({ eid, canEdit }: ContactsEditorProps) {
  const contacts = useContacts(eid);
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<Editing>(null);
  const [opened, setOpened] = useState(false);
  const [removing, setRemoving] = useState<Contact | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = (contactId: number | null) => {
    setEditing({ contactId });
    setOpened(true);
  };
  const close = () => setOpened(false);

  return (
    <Stack gap="md" data-testid="contacts-editor">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Emergency Contacts
        </Title>
        {canEdit ? <Button onClick={() => open(null)}>Add Contact</Button> : null}
      </Group>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {contacts.isPending ? (
        <Loader size="sm" aria-label="Loading the contacts" />
      ) : contacts.isError ? (
        <FormAlert>{failureMessage(contacts.error)}</FormAlert>
      ) : contacts.data.length === 0 ? (
        <Text data-testid="contacts-empty">{TEXTS.noEmergencyContact}</Text>
      ) : (
        <Stack gap="sm">
          {contacts.data.map((contact) => (
            <Card key={contact.id} withBorder radius="md" p="sm" data-testid="contact">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={2} miw={0}>
                  <Text fw={600}>{fullName(contact)}</Text>
                  <Text size="sm" c="dimmed">
                    {contact.relationship}
                  </Text>
                  <PhoneLink phone={contact.phone} />
                  <EmailLink email={contact.email} />
                </Stack>
                {canEdit ? (
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => open(contact.id)} aria-label={`Edit ${fullName(contact)}`}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => {
                        setError(null);
                        setRemoving(contact);
                      }}
                      aria-label={`Remove ${fullName(contact)}`}
                    >
                      Remove
                    </Button>
                  </Group>
                ) : null}
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      <Dock opened={opened} onClose={close} title={editing?.contactId ? 'Edit Emergency Contact' : 'Add Emergency Contact'} width={DOCK_WIDTHS.contact}>
        {editing ? <ContactFormPanel key={editing.contactId ?? 'new'} eid={eid} contactId={editing.contactId} onDone={close} /> : null}
      </Dock>

      <ConfirmDialog
        opened={removing !== null}
        title="Are you sure?"
        message={REMOVE_CONFIRMATION}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { id: removing.id, eid },
            {
              onError: (err) => setError(sorry(failureMessage(err))),
              onSettled: () => setRemoving(null),
            },
          );
        }}
      />
    </Stack>
  );
}
