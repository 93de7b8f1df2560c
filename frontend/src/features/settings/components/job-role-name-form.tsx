import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure } from '@/lib/form-errors';
import type { JobRole } from '@/lib/settings-data';
import { jobRoleFormSchema, useUpdateRoleType, type JobRoleFormValues } from '../api/update-role-type';

/** A job role name form: adds a role, or renames one (inline). */
export function JobRoleNameForm({ role, onDone, onCancel }: { role: JobRole | null; onDone?: () => void; onCancel?: () => void }) {
  const save = useUpdateRoleType();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<JobRoleFormValues>({
    mode: 'uncontrolled',
    initialValues: { name: role?.name ?? '' },
    validate: schemaResolver(jobRoleFormSchema, { sync: true }),
  });
  const label = role ? `New name for ${role.name}` : 'New job role';

  return (
    <form
      noValidate
      aria-label={role ? `Rename ${role.name}` : 'Add a job role'}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(
          { id: role?.id, name: values.name },
          {
            onSuccess: () => {
              if (!role) form.reset();
              onDone?.();
            },
            onError: (err) => {
              const failure = formFailure(err, ['name'], { useServerMessage: err instanceof ApiError && err.status < 500 });
              form.setErrors(failure.fieldErrors);
              setError(failure.message && !failure.fieldErrors.name ? `Sorry ${failure.message}` : null);
            },
          },
        );
      })}
    >
      <Stack gap={4}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={label}
            placeholder={role ? undefined : 'e.g. Account Manager'}
            autoComplete="off"
            style={{ flex: 1 }}
            maxLength={100}
            data-autofocus={role ? true : undefined}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={save.isPending}>
            {role ? 'Save' : 'Add'}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          ) : null}
        </Group>
        {error ? <FormAlert>{error}</FormAlert> : null}
      </Stack>
    </form>
  );
}
