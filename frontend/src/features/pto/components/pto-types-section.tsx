import '@mantine/core/styles/Tooltip.css';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { useSettingsData } from '@/lib/settings-data';
import { serverMessage } from '@/lib/form-errors';
import { PTO_TYPE_IN_PLAN, useDeletePtoType, type PtoType } from '../api/pto-types';
import { PtoTypeEditor } from './pto-type-editor';

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
