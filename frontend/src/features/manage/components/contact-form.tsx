import { Button, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure } from '@/lib/form-errors';
import { useContact } from '../api/get-contacts';
import { formatPhone } from '../api/phone';
import { CONTACT_FORM_FIELDS, contactFormSchema, toSaveContactBody, useSaveContact, type ContactFormValues } from '../api/save-contact';
import { RELATIONSHIPS, type Contact } from '../api/schemas';
import { failureMessage, sorry } from './labels';

interface ContactFormProps {
  eid: number;
  /** The contact to edit (read again from the server), or null to add one. */
  contactId: number | null;
  onDone: () => void;
}

/** The add/edit emergency contact form of the contact dock (350 wide). */
export function ContactFormPanel({ eid, contactId, onDone }: ContactFormProps) {
  const contact = useContact(contactId, eid);
  if (contactId !== null && contact.isPending) return <Loader size="sm" aria-label="Loading the contact" />;
  if (contactId !== null && contact.isError) return <FormAlert>{failureMessage(contact.error)}</FormAlert>;
  return <ContactForm key={contactId ?? 'new'} eid={eid} contact={contact.data ?? null} onDone={onDone} />;
}

const valuesOf = (contact: Contact | null): ContactFormValues => ({
  firstname: contact?.firstname ?? '',
  lastname: contact?.lastname ?? '',
  relationship: contact?.relationship ?? '',
  phone: contact?.phone ?? '',
  email: contact?.email ?? '',
});

function ContactForm({ eid, contact, onDone }: { eid: number; contact: Contact | null; onDone: () => void }) {
  const save = useSaveContact();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(contact),
    validate: schemaResolver(contactFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  return (
    <form
      noValidate
      aria-label={contact ? 'Edit emergency contact' : 'Add emergency contact'}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(toSaveContactBody(values, eid, contact?.id ?? null), {
          onSuccess: onDone,
          onError: (err) => {
            const failure = formFailure(err, CONTACT_FORM_FIELDS, { useServerMessage: err instanceof ApiError && err.status < 500 });
            form.setErrors(failure.fieldErrors);
            setError(failure.message ? sorry(failure.message) : null);
          },
        });
      })}
    >
      <Stack gap="sm">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextInput label="First Name" required autoComplete="off" data-autofocus {...form.getInputProps('firstname')} />
        <TextInput label="Last Name" required autoComplete="off" {...form.getInputProps('lastname')} />
        <Select label="Relationship" required placeholder="Choose one" data={[...RELATIONSHIPS]} allowDeselect={false} {...form.getInputProps('relationship')} />
        <TextInput
          label="Phone"
          type="tel"
          inputMode="tel"
          required
          placeholder="(XXX) XXX-XXXX"
          autoComplete="off"
          {...form.getInputProps('phone')}
          onChange={(event) => form.setFieldValue('phone', formatPhone(event.currentTarget.value))}
        />
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
