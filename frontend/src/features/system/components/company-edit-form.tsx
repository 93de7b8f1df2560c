import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { isEmail } from '@/lib/validation';
import type { CompanyDetail } from '../api/schemas';
import { COMPANY_FIELDS, useUpdateCompany } from '../api/update-company';

interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  trialEnd: string;
  promotCode: string;
}

/** The trial end can be moved only while the company is on trial or its trial ended unsubscribed. */
export const canEditTrial = (company: Pick<CompanyDetail, 'status'>): boolean => company.status === 'trial' || company.status === 'expired';

const COMPANY_NAME_MAX = 100;

function validate(values: CompanyFormValues): Partial<Record<keyof CompanyFormValues, string>> {
  const errors: Partial<Record<keyof CompanyFormValues, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Enter the company name.';
  else if (name.length > COMPANY_NAME_MAX) errors.name = `A company name has at most ${COMPANY_NAME_MAX} characters.`;
  if (values.email.trim() && !isEmail(values.email)) errors.email = 'Invalid Email address';
  return errors;
}

/**
 * 'Edit company' (POST /system/update-company): name, contact e-mail and phone, the trial end
 * (on trial or expired only) and the promotion code (blank removes it). The server's per-field
 * errors show on their fields.
 */
export function CompanyEditForm({ company, onSaved, onCancel }: { company: CompanyDetail; onSaved: () => void; onCancel: () => void }) {
  const update = useUpdateCompany(company.id);
  const [message, setMessage] = useState<string | null>(null);
  const trialEditable = canEditTrial(company);
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: {
      name: company.name,
      email: company.email ?? '',
      phone: company.phone ?? '',
      trialEnd: company.trialEnd ?? '',
      promotCode: company.promotCode ?? '',
    },
    validate,
  });
  useDiscardGuard(() => form.isDirty());

  const submit = form.onSubmit((values) => {
    setMessage(null);
    update.mutate(
      {
        id: company.id,
        name: values.name.trim(),
        email: values.email.trim() || null,
        phone: values.phone.trim() || null,
        trialEnd: trialEditable ? values.trialEnd || null : null,
        promotCode: values.promotCode.trim(),
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const failure = formFailure(error, COMPANY_FIELDS, { useServerMessage: true });
          form.setErrors(failure.fieldErrors);
          setMessage(failure.message ? `Sorry ${failure.message}` : null);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit company">
      <Stack gap="md">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput label="Name" required maxLength={COMPANY_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Contact e-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
        {trialEditable ? <TextInput label="Trial end" type="date" description="The last day of the free trial" {...form.getInputProps('trialEnd')} /> : null}
        <TextInput
          label="Promotion code"
          description="Applies from the next charge on; leave blank to remove the code"
          autoComplete="off"
          {...form.getInputProps('promotCode')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
