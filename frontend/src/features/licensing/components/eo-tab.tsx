import { Button, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { formatIsoDate } from '@/lib/company-time';
import { serverMessage, sorry } from '@/lib/form-errors';
import { centsToDollars, formatCents } from '@/lib/money';
import { useDeleteEoPolicy, useEoPolicies, useSaveEoPolicy } from '../api/admin';
import { EO_FIELDS, EO_INPUT_OF, eoBody, saveFailure, validateEo, type EoValues } from '../api/forms';
import type { EoPolicy } from '../api/schemas';
import { DateField } from './date-field';
import { LICENSING_TEXTS } from './labels';

/** The agency's errors-and-omissions policies: admins add, change and delete them; managers read. */
export function EoTab({ canEdit }: { canEdit: boolean }) {
  const policies = useEoPolicies();
  const remove = useDeleteEoPolicy();
  const [editing, setEditing] = useState<{ policy: EoPolicy | null } | null>(null);
  const [deleting, setDeleting] = useState<EoPolicy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = policies.data ?? [];

  return (
    <Stack gap="md" data-testid="eo-policies">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          E&amp;O policies
        </Title>
        {canEdit ? <Button onClick={() => setEditing({ policy: null })}>Add E&amp;O policy</Button> : null}
      </Group>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {policies.isPending ? (
        <Loader size="sm" aria-label="Loading the E&O policies" />
      ) : policies.isError ? (
        <FormAlert>{serverMessage(policies.error)}</FormAlert>
      ) : list.length === 0 ? (
        <Text c="dimmed" data-testid="no-eo">
          {LICENSING_TEXTS.noEo}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="eo-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Carrier</Table.Th>
                <Table.Th>Policy number</Table.Th>
                <Table.Th>Per claim</Table.Th>
                <Table.Th>Aggregate</Table.Th>
                <Table.Th>Expires</Table.Th>
                {canEdit ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((policy) => (
                <Table.Tr key={policy.id} data-testid="eo-row">
                  <Table.Td>{policy.carrier}</Table.Td>
                  <Table.Td>{policy.policyNumber}</Table.Td>
                  <Table.Td>{formatCents(policy.perClaimCents)}</Table.Td>
                  <Table.Td>{formatCents(policy.aggregateCents)}</Table.Td>
                  <Table.Td>{formatIsoDate(policy.expiresOn)}</Table.Td>
                  {canEdit ? (
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        <Button size="xs" variant="default" aria-label={`Edit ${policy.carrier} ${policy.policyNumber}`} onClick={() => setEditing({ policy })}>
                          Edit
                        </Button>
                        <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${policy.carrier} ${policy.policyNumber}`} onClick={() => setDeleting(policy)}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormModal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.policy ? 'Edit E&O policy' : 'Add E&O policy'} centered size="md">
        {editing ? <EoForm policy={editing.policy} onDone={() => setEditing(null)} /> : null}
      </FormModal>
      <ConfirmDelete
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setError(null);
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => notifications.show({ color: 'green', message }),
            onError: (failed) => setError(sorry(failed)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}

export function EoForm({ policy, onDone }: { policy: EoPolicy | null; onDone: () => void }) {
  const save = useSaveEoPolicy();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<EoValues>({
    mode: 'controlled',
    initialValues: policy
      ? {
          carrier: policy.carrier,
          policyNumber: policy.policyNumber,
          perClaim: centsToDollars(policy.perClaimCents),
          aggregate: centsToDollars(policy.aggregateCents),
          expiresOn: policy.expiresOn,
        }
      : { carrier: '', policyNumber: '', perClaim: '', aggregate: '', expiresOn: '' },
    validate: validateEo,
  });
  useDiscardGuard(() => form.isDirty());

  return (
    <form
      noValidate
      aria-label="E&O policy"
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        save.mutate(eoBody(values, policy?.id), {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: `The ${saved.carrier} E&O policy has been saved.` });
            onDone();
          },
          onError: (error) => {
            const failure = saveFailure(error, EO_FIELDS, EO_INPUT_OF);
            form.setErrors(failure.fieldErrors);
            setMessage(failure.message);
          },
        });
      })}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput label="Carrier" required maxLength={200} autoComplete="off" data-autofocus {...form.getInputProps('carrier')} />
        <TextInput label="Policy number" required maxLength={100} autoComplete="off" {...form.getInputProps('policyNumber')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Per claim ($)" required inputMode="decimal" autoComplete="off" placeholder="1,000,000" {...form.getInputProps('perClaim')} />
          <TextInput label="Aggregate ($)" required inputMode="decimal" autoComplete="off" placeholder="2,000,000" {...form.getInputProps('aggregate')} />
        </SimpleGrid>
        <DateField label="Expires" required value={form.values.expiresOn} onChange={(v) => form.setFieldValue('expiresOn', v)} error={form.errors.expiresOn} />
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
