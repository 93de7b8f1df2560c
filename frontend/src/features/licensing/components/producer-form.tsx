import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { PRODUCER_FIELDS, producerBody, saveFailure, validateProducer, type ProducerValues } from '../api/forms';
import { useSaveProducer } from '../api/folder';
import type { LicensingFolder } from '../api/schemas';
import { STATE_CHOICES } from '../api/states';

/** The producer's National Producer Number and resident state, changed in place. */
export function ProducerForm({ folder }: { folder: LicensingFolder }) {
  const save = useSaveProducer(folder.employeeId);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<ProducerValues>({
    mode: 'controlled',
    initialValues: { npn: folder.npn ?? '', residentState: folder.residentState },
    validate: validateProducer,
  });

  return (
    <form
      noValidate
      aria-label="Producer"
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        save.mutate(producerBody(folder.employeeId, values), {
          onSuccess: (saved) => {
            form.setInitialValues({ npn: saved.npn ?? '', residentState: saved.residentState });
            form.reset();
            notifications.show({ color: 'green', message: 'The NPN and resident state have been saved.' });
          },
          onError: (error) => {
            const failure = saveFailure(error, PRODUCER_FIELDS);
            form.setErrors(failure.fieldErrors);
            setMessage(failure.message);
          },
        });
      })}
    >
      {message ? <FormAlert>{message}</FormAlert> : null}
      <Group align="flex-start" gap="sm">
        <TextInput label="NPN" description="National Producer Number" inputMode="numeric" maxLength={12} autoComplete="off" w={200} {...form.getInputProps('npn')} />
        <Select
          label="Resident state"
          description="Where the producer meets CE"
          searchable
          clearable
          data={STATE_CHOICES}
          comboboxProps={{ withinPortal: true }}
          w={240}
          {...form.getInputProps('residentState')}
        />
        <Button type="submit" mt={46} loading={save.isPending} disabled={!form.isDirty()}>
          Save
        </Button>
      </Group>
    </form>
  );
}
