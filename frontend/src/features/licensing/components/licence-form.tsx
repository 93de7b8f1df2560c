import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { emptyLicence, LICENCE_FIELDS, licenceBody, saveFailure, validateLicence, type LicenceValues } from '../api/forms';
import { useSaveLicence } from '../api/folder';
import { useLicensingReference } from '../api/reference';
import { LICENCE_STATUSES, RESIDENCIES, type Licence } from '../api/schemas';
import { STATE_CHOICES } from '../api/states';
import { DateField } from './date-field';
import { LICENCE_STATUS_LABELS, RESIDENCY_LABELS } from './labels';

const RESIDENCY_CHOICES = RESIDENCIES.map((value) => ({ value, label: RESIDENCY_LABELS[value] ?? value }));
const STATUS_CHOICES = LICENCE_STATUSES.map((value) => ({ value, label: LICENCE_STATUS_LABELS[value] ?? value }));

const valuesOf = (licence: Licence): LicenceValues => ({
  state: licence.state,
  number: licence.number,
  licenceType: licence.licenceType,
  lines: licence.lines,
  residency: licence.residency,
  issuedOn: licence.issuedOn,
  status: licence.status,
  statusOn: licence.statusOn ?? '',
  expiresOn: licence.expiresOn,
});

interface LicenceFormProps {
  employeeId: number;
  /** The licence changed; a new one when null. */
  licence: Licence | null;
  /** A new licence's state: the producer's resident state. */
  residentState: string | null;
  onDone: () => void;
}

/** Add or change a licence: state, number, type, lines of authority, residency, the state's status and the days. */
export function LicenceForm({ employeeId, licence, residentState, onDone }: LicenceFormProps) {
  const reference = useLicensingReference();
  const save = useSaveLicence(employeeId);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<LicenceValues>({
    mode: 'controlled',
    initialValues: licence ? valuesOf(licence) : emptyLicence(residentState),
    validate: validateLicence,
  });
  useDiscardGuard(() => form.isDirty());
  const lines = (reference.data?.lines ?? []).map((line) => ({ value: line.code, label: line.label }));

  return (
    <form
      noValidate
      aria-label={licence ? 'Edit licence' : 'Add licence'}
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        save.mutate(licenceBody(employeeId, values, licence?.id), {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: `The ${saved.state} licence ${saved.number} has been saved.` });
            onDone();
          },
          onError: (error) => {
            const failure = saveFailure(error, LICENCE_FIELDS);
            form.setErrors(failure.fieldErrors);
            setMessage(failure.message);
          },
        });
      })}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label="State" required searchable data={STATE_CHOICES} allowDeselect={false} comboboxProps={{ withinPortal: true }} data-autofocus {...form.getInputProps('state')} />
          <TextInput label="Licence number" required maxLength={60} autoComplete="off" {...form.getInputProps('number')} />
          <TextInput label="Licence type" required placeholder="e.g. General Lines Agent" maxLength={100} autoComplete="off" {...form.getInputProps('licenceType')} />
          <Select label="Residency" required data={RESIDENCY_CHOICES} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('residency')} />
        </SimpleGrid>
        <MultiSelect
          label="Lines of authority"
          required
          searchable
          placeholder={form.values.lines.length === 0 ? 'Choose the lines' : undefined}
          data={lines}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('lines')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label="Issued" required value={form.values.issuedOn} onChange={(v) => form.setFieldValue('issuedOn', v)} error={form.errors.issuedOn} />
          <DateField
            label="Expires"
            required
            value={form.values.expiresOn}
            onChange={(v) => form.setFieldValue('expiresOn', v)}
            error={form.errors.expiresOn}
            minDate={form.values.issuedOn}
          />
          <Select label="Status" required data={STATUS_CHOICES} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('status')} />
          <DateField label="Status since" value={form.values.statusOn} onChange={(v) => form.setFieldValue('statusOn', v)} error={form.errors.statusOn} />
        </SimpleGrid>
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
