import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Tooltip.css';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  ColorInput,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { useSettingsData, type JobRole } from '@/features/settings/api/get-settings-data';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import {
  isAllowanceHours,
  OVERRIDE_HOURS_INVALID,
  OVERRIDE_ROLE_REQUIRED,
  PTO_TYPE_IN_PLAN,
  PTO_TYPE_NAME_REQUIRED,
  PTO_TYPE_SAVED,
  useDeletePtoType,
  useUpdatePtoType,
  type PtoType,
  type PtoTypeForm,
} from '../api/pto-types';

const SWATCHES = ['#1c7ed6', '#2f9e44', '#e8590c', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#495057'];


/** The side panel's form ('PTO Type'): name, colour, paid, available, and job roles' own yearly allowance. */
function PtoTypeEditor({ type, roles, onSaved }: { type: PtoType | null; roles: JobRole[]; onSaved: () => void }) {
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

/**
 * PTO types (spec 002 §2): a 'Create Custom Type' card and a coloured card per paid type, with Edit
 * (the 'PTO Type' side panel) and Delete (after a confirmation; blocked while a plan includes the
 * type). Admins change them; managers see them.
 */
export function PtoTypesSection({ canEdit }: { canEdit: boolean }) {
  const data = useSettingsData();
  const remove = useDeletePtoType();
  const [editing, setEditing] = useState<PtoType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PtoType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const types = (data.data?.ptotypes ?? []).filter((type) => type.payable === 1);
  const roles = data.data?.jobroles ?? [];
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? 'A job role';

  return (
    <Stack gap="md" data-testid="pto-types">
      <Title order={2} fz="lg">
        PTO Types
      </Title>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {data.isPending ? (
        <Loader size="sm" aria-label="Loading the PTO types" />
      ) : data.isError ? (
        <FormAlert>{serverMessage(data.error)}</FormAlert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {canEdit ? (
            <UnstyledButton onClick={() => setEditing('new')} aria-label="Create Custom Type">
              <Card withBorder radius="md" p="lg" h="100%" style={{ borderStyle: 'dashed' }}>
                <Stack align="center" justify="center" h="100%" gap={4}>
                  <Text fz={28} lh={1} c="blue.8" aria-hidden>
                    +
                  </Text>
                  <Text fw={600}>Create Custom Type</Text>
                </Stack>
              </Card>
            </UnstyledButton>
          ) : null}
          {types.map((type) => (
            <Card key={type.id} withBorder radius="md" p="md" data-testid="pto-type" style={{ borderLeft: `6px solid ${type.color}` }}>
              <Stack gap="xs">
                <Text fw={700}>{type.name}</Text>
                {type.overrides.length > 0 ? (
                  <Stack gap={0}>
                    {type.overrides.map((o) => (
                      <Text key={o.jobroleId} size="sm" c="dimmed">
                        {roleName(o.jobroleId)}: {o.hours} hrs/year
                      </Text>
                    ))}
                  </Stack>
                ) : null}
                {canEdit ? (
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setEditing(type)} aria-label={`Edit ${type.name}`}>
                      Edit
                    </Button>
                    {type.allowDelete ? (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        aria-label={`Delete ${type.name}`}
                        onClick={() => {
                          setError(null);
                          setDeleting(type);
                        }}
                      >
                        Delete
                      </Button>
                    ) : (
                      <Tooltip label={PTO_TYPE_IN_PLAN} multiline w={240} withArrow>
                        {/* A disabled button takes no hover: the wrapper shows why it is disabled. */}
                        <span tabIndex={0} style={{ display: 'inline-block' }} data-testid="delete-blocked">
                          <Button size="xs" variant="outline" aria-label={`Delete ${type.name}`} disabled>
                            Delete
                          </Button>
                        </span>
                      </Tooltip>
                    )}
                  </Group>
                ) : null}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {!data.isPending && types.length === 0 && !canEdit ? <Text>There is no PTO type yet</Text> : null}

      <Dock opened={editing !== null} onClose={() => setEditing(null)} title="PTO Type" width={350} testId="pto-type-dock">
        {editing !== null ? (
          <PtoTypeEditor key={editing === 'new' ? 'new' : editing.id} type={editing === 'new' ? null : editing} roles={roles} onSaved={() => setEditing(null)} />
        ) : null}
      </Dock>
      <ConfirmDelete
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onError: (err) => setError(`Sorry ${serverMessage(err)}`),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}
