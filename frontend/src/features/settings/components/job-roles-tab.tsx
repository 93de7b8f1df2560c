import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { useSettingsData, type JobRole } from '@/lib/settings-data';
import { useInactiveRoleType } from '../api/inactive-role-type';
import { JobRoleNameForm } from './job-role-name-form';

export const NO_JOB_ROLES = 'There is no job role yet';
export const inactiveQuestion = (name: string) => `${name} will no longer be offered when adding or editing employees. People who have it keep it.`;

const failureText = (error: unknown): string => (error instanceof ApiError && error.status < 500 ? error.firstMessage : GENERIC_FORM_ERROR);

function StatusBadge({ role }: { role: JobRole }) {
  return (
    <Badge color={role.active ? 'green.9' : 'gray.7'} variant="filled" autoContrast>
      {role.active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/**
 * Settings, tab 4 (Job Roles): every role of the company, active and inactive; add, rename inline,
 * make inactive after a confirmation. An inactive role leaves the pickers; people keep it.
 */
export function JobRolesTab() {
  const isPhone = useIsPhone();
  const data = useSettingsData();
  const inactive = useInactiveRoleType();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deactivating, setDeactivating] = useState<JobRole | null>(null);
  const [error, setError] = useState<string | null>(null);
  const roles = data.data?.jobroles ?? [];

  const actions = (role: JobRole) =>
    renaming === role.id ? null : (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" onClick={() => setRenaming(role.id)} aria-label={`Rename ${role.name}`}>
          Rename
        </Button>
        {role.active ? (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            onClick={() => {
              setError(null);
              setDeactivating(role);
            }}
            aria-label={`Make Inactive: ${role.name}`}
          >
            Make Inactive
          </Button>
        ) : null}
      </Group>
    );

  const nameCell = (role: JobRole) =>
    renaming === role.id ? (
      <JobRoleNameForm key={role.id} role={role} onDone={() => setRenaming(null)} onCancel={() => setRenaming(null)} />
    ) : (
      <Text fw={500}>{role.name}</Text>
    );

  return (
    <Stack gap="md" data-testid="job-roles">
      <Title order={2} fz="lg">
        Job Roles
      </Title>
      <JobRoleNameForm role={null} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {data.isPending ? (
        <Loader size="sm" aria-label="Loading the job roles" />
      ) : data.isError ? (
        <FormAlert>{failureText(data.error)}</FormAlert>
      ) : roles.length === 0 ? (
        <Text data-testid="job-roles-empty">{NO_JOB_ROLES}</Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {roles.map((role) => (
            <Card key={role.id} withBorder radius="md" p="sm" data-testid="job-role">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  {nameCell(role)}
                  <StatusBadge role={role} />
                </Group>
                {actions(role)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="sm" data-testid="job-roles-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={110}>Status</Table.Th>
              <Table.Th w={240}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.map((role) => (
              <Table.Tr key={role.id} data-testid="job-role">
                <Table.Td>{nameCell(role)}</Table.Td>
                <Table.Td>
                  <StatusBadge role={role} />
                </Table.Td>
                <Table.Td>{actions(role)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <ConfirmDialog
        opened={deactivating !== null}
        title="Are you sure?"
        message={deactivating ? inactiveQuestion(deactivating.name) : ''}
        confirmLabel="Make Inactive"
        danger
        loading={inactive.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (!deactivating) return;
          inactive.mutate(deactivating.id, {
            onError: (err) => setError(`Sorry ${failureText(err)}`),
            onSettled: () => setDeactivating(null),
          });
        }}
      />
    </Stack>
  );
}
