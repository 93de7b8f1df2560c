import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import { ActionIcon, Button, Checkbox, ColorInput, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import type { JobRole } from '@/lib/settings-data';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import {
  isAllowanceHours,
  OVERRIDE_HOURS_INVALID,
  OVERRIDE_ROLE_REQUIRED,
  PTO_TYPE_NAME_REQUIRED,
  PTO_TYPE_SAVED,
  useUpdatePtoType,
  type PtoType,
  type PtoTypeForm,
} from '../api/pto-types';

const SWATCHES = ['#1c7ed6', '#2f9e44', '#e8590c', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#495057'];

/** The side panel's form ('PTO Type'): name, colour, paid, available, and job roles' own yearly allowance. */
export function PtoTypeEditor({ type, roles, onSaved }: { type: PtoType | null; roles: JobRole[]; onSaved: () => void }) {
  const save = useUpdatePtoType();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PtoTypeForm>({
    mode: 'controlled',
    initialValues: {
      id: type?.id,
      name: type?.name ?? '',
      color: type?.color ?? SWATCHES[0]!,
      payable: type ? type.payable === 1 : true,
      available: type ? type.available === 1 : false,
      overrides: (type?.overrides ?? []).map((o) => ({ jobroleId: String(o.jobroleId), hours: String(o.hours) })),
    },
    validate: {
      name: (value) => (value.trim() ? null : PTO_TYPE_NAME_REQUIRED),
      overrides: {
        jobroleId: (value) => (value ? null : OVERRIDE_ROLE_REQUIRED),
        hours: (value) => (isAllowanceHours(value) ? null : OVERRIDE_HOURS_INVALID),
      },
    },
  });
  useDiscardGuard(() => form.isDirty());
  // Roles that may still be chosen: active ones, and any retired role an allowance already names.
  const named = new Set(form.values.overrides.map((row) => row.jobroleId));
  const roleOptions = roles.filter((role) => role.active || named.has(String(role.id))).map((role) => ({ value: String(role.id), label: role.name }));

  return (
    <form
      noValidate
      aria-label="PTO Type"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(values, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: PTO_TYPE_SAVED });
            onSaved();
          },
          onError: (err) => {
            if (err instanceof ApiError && err.status === 400 && Object.keys(err.errors).length > 0) {
              // overrides[0].hours → overrides.0.hours, the form's path.
              const fields: Record<string, string> = {};
              for (const [field, messages] of Object.entries(err.errors)) {
                if (messages[0]) fields[field.replace(/\[(\d+)\]/g, '.$1')] = messages[0];
              }
              form.setErrors(fields);
              if (!Object.keys(fields).some((field) => field === 'name' || field === 'color' || field.startsWith('overrides.'))) {
                setError(`Sorry ${err.firstMessage}`);
              }
            } else {
              setError(`Sorry ${serverMessage(err)}`);
            }
          },
        });
      })}
    >
      <Stack gap="md">
        <TextInput label="Name" withAsterisk maxLength={100} autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <ColorInput label="Color" format="hex" swatches={SWATCHES} swatchesPerRow={8} withEyeDropper={false} {...form.getInputProps('color')} />
        <Checkbox label="Paid time off (payable)" {...form.getInputProps('payable', { type: 'checkbox' })} />
        <Checkbox label="Available" {...form.getInputProps('available', { type: 'checkbox' })} />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Hours a year by job role
          </Text>
          <Text size="xs" c="dimmed">
            Gives a job role its own yearly allowance of this type in every plan that includes it.
          </Text>
          {form.values.overrides.map((_, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="pto-type-override">
              <Select
                aria-label={`Job role ${index + 1}`}
                placeholder="Job role"
                data={roleOptions}
                style={{ flex: 1 }}
                {...form.getInputProps(`overrides.${index}.jobroleId`)}
              />
              <TextInput aria-label={`Hours a year ${index + 1}`} placeholder="120" inputMode="decimal" w={90} {...form.getInputProps(`overrides.${index}.hours`)} />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                aria-label={`Remove allowance ${index + 1}`}
                onClick={() => form.removeListItem('overrides', index)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            disabled={roleOptions.length === 0}
            onClick={() => form.insertListItem('overrides', { jobroleId: '', hours: '' })}
          >
            + Add a job role
          </Button>
        </Stack>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
