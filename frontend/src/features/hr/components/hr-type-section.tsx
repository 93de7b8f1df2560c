import { Badge, Button, Card, Checkbox, Group, Loader, NumberInput, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { listOf, useHrTypes, type HrType, type HrTypeKind } from '../api/get-hr-types';
import { useInactiveHrType } from '../api/inactive-hr-type';
import { DEFAULT_ONBOARDING_DAYS, MAX_ONBOARDING_DAYS, MIN_ONBOARDING_DAYS } from '../api/schemas';
import { hrTypeFormSchema, useUpdateHrType, type HrTypeFormValues } from '../api/update-hr-type';
import { failureMessage } from './labels';

/** What each section calls its types, and what retiring one means. */
export const TYPE_NOUNS: Record<HrTypeKind, { title: string; one: string; empty: string; example: string }> = {
  doc: { title: 'Document Types', one: 'document type', empty: 'There is no document type yet', example: 'e.g. Offer Letter' },
  event: { title: 'Event Types', one: 'event type', empty: 'There is no event type yet', example: 'e.g. Performance Review' },
  policy: { title: 'Policy Types', one: 'policy type', empty: 'There is no policy type yet', example: 'e.g. Code of Conduct' },
};

export const ONBOARDING_LABEL = 'Onboarding document';
export const ONBOARDING_DAYS_LABEL = 'Onboarding days';
export const retireQuestion = (name: string) => `${name} will no longer be offered when adding records. Records that have it keep it.`;

const sorryOf = (error: unknown) => `Sorry ${failureMessage(error)}`;

/**
 * A type's form: adds one, or edits one inline (its name; for document types also the onboarding
 * flag and, when set, the days new employees get: 1 to 365, 14 unless changed).
 */
function HrTypeForm({ kind, type, onDone, onCancel }: { kind: HrTypeKind; type: HrType | null; onDone?: () => void; onCancel?: () => void }) {
  const save = useUpdateHrType();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<HrTypeFormValues>({
    // Controlled: the days show while 'Onboarding document' is ticked.
    mode: 'controlled',
    initialValues: { name: type?.name ?? '', onboardingDoc: type?.onboardingDoc ?? false, onboardingDays: type?.onboardingDays ?? DEFAULT_ONBOARDING_DAYS },
    validate: schemaResolver(hrTypeFormSchema, { sync: true }),
  });
  const noun = TYPE_NOUNS[kind].one;
  const label = type ? `New name for ${type.name}` : `New ${noun}`;

  return (
    <form
      noValidate
      aria-label={type ? `Edit ${type.name}` : `Add a ${noun}`}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(
          { kind, id: type?.id, name: values.name, onboardingDoc: values.onboardingDoc, onboardingDays: Number(values.onboardingDays) },
          {
            onSuccess: () => {
              if (!type) form.reset();
              onDone?.();
            },
            onError: (err) => {
              const failure = formFailure(err, ['name', 'onboardingDays'], { useServerMessage: err instanceof ApiError && err.status < 500 });
              form.setErrors(failure.fieldErrors);
              const onFields = Object.keys(failure.fieldErrors).length > 0;
              setError(failure.message && !onFields ? `Sorry ${failure.message}` : null);
            },
          },
        );
      })}
    >
      <Stack gap={4}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={label}
            placeholder={type ? undefined : TYPE_NOUNS[kind].example}
            autoComplete="off"
            style={{ flex: 1 }}
            maxLength={100}
            data-autofocus={type ? true : undefined}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={save.isPending}>
            {type ? 'Save' : 'Add'}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          ) : null}
        </Group>
        {kind === 'doc' ? (
          <Group gap="md" align="center" wrap="wrap" mih={36}>
            <Checkbox
              label={ONBOARDING_LABEL}
              aria-label={type ? `${ONBOARDING_LABEL}: ${type.name}` : undefined}
              key={form.key('onboardingDoc')}
              {...form.getInputProps('onboardingDoc', { type: 'checkbox' })}
            />
            {form.values.onboardingDoc ? (
              <NumberInput
                label={ONBOARDING_DAYS_LABEL}
                aria-label={type ? `${ONBOARDING_DAYS_LABEL}: ${type.name}` : undefined}
                description="Days new employees have to upload it"
                min={MIN_ONBOARDING_DAYS}
                max={MAX_ONBOARDING_DAYS}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                w={{ base: '100%', xs: 220 }}
                key={form.key('onboardingDays')}
                {...form.getInputProps('onboardingDays')}
              />
            ) : null}
          </Group>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
      </Stack>
    </form>
  );
}

function StatusBadge({ type }: { type: HrType }) {
  return (
    <Badge color={type.active ? 'teal.9' : 'gray.7'} variant="filled" autoContrast>
      {type.active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/**
 * One list of HR types (settings tabs 5 and 6): every type of the company, active and retired;
 * add, edit inline (document types: also 'Onboarding document'), make inactive after a
 * confirmation, make active again (saving a retired type by id brings it back). Looks like the
 * Job Roles tab.
 */
export function HrTypeSection({ kind }: { kind: HrTypeKind }) {
  const isPhone = useIsPhone();
  const data = useHrTypes();
  const inactive = useInactiveHrType();
  const reactivate = useUpdateHrType();
  const [editing, setEditing] = useState<number | null>(null);
  const [retiring, setRetiring] = useState<HrType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const types = data.data ? listOf(data.data, kind) : [];
  const nouns = TYPE_NOUNS[kind];
  const withOnboarding = kind === 'doc';

  const actions = (type: HrType) =>
    editing === type.id ? null : (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" onClick={() => setEditing(type.id)} aria-label={`Edit ${type.name}`}>
          Edit
        </Button>
        {type.active ? (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            onClick={() => {
              setError(null);
              setRetiring(type);
            }}
            aria-label={`Make Inactive: ${type.name}`}
          >
            Make Inactive
          </Button>
        ) : (
          <Button
            size="xs"
            variant="outline"
            loading={reactivate.isPending && reactivate.variables?.id === type.id}
            onClick={() => {
              setError(null);
              reactivate.mutate(
                { kind, id: type.id, name: type.name, onboardingDoc: type.onboardingDoc, onboardingDays: type.onboardingDays },
                { onError: (err) => setError(sorryOf(err)) },
              );
            }}
            aria-label={`Make Active: ${type.name}`}
          >
            Make Active
          </Button>
        )}
      </Group>
    );

  const nameCell = (type: HrType) =>
    editing === type.id ? (
      <HrTypeForm key={type.id} kind={kind} type={type} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
    ) : (
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {type.name}
      </Text>
    );

  const onboardingText = (type: HrType) => (type.onboardingDoc ? `Yes, ${type.onboardingDays ?? DEFAULT_ONBOARDING_DAYS} days` : 'No');

  return (
    <Stack gap="md" data-testid={`${kind}-types`}>
      <Title order={2} fz="lg">
        {nouns.title}
      </Title>
      <HrTypeForm kind={kind} type={null} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {data.isPending ? (
        <Loader size="sm" aria-label={`Loading the ${nouns.one}s`} />
      ) : data.isError ? (
        <FormAlert>{failureMessage(data.error)}</FormAlert>
      ) : types.length === 0 ? (
        <Text data-testid={`${kind}-types-empty`}>{nouns.empty}</Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {types.map((type) => (
            <Card key={type.id} withBorder radius="md" p="sm" data-testid="hr-type">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {nameCell(type)}
                  <StatusBadge type={type} />
                </Group>
                {withOnboarding && editing !== type.id ? (
                  <Text size="sm" c="dimmed">
                    {ONBOARDING_LABEL}: {onboardingText(type)}
                  </Text>
                ) : null}
                {actions(type)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              {withOnboarding ? <Table.Th w={140}>Onboarding</Table.Th> : null}
              <Table.Th w={110}>Status</Table.Th>
              <Table.Th w={240}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((type) => (
              <Table.Tr key={type.id} data-testid="hr-type">
                <Table.Td colSpan={editing === type.id && withOnboarding ? 2 : 1}>{nameCell(type)}</Table.Td>
                {withOnboarding && editing !== type.id ? <Table.Td>{onboardingText(type)}</Table.Td> : null}
                <Table.Td>
                  <StatusBadge type={type} />
                </Table.Td>
                <Table.Td>{actions(type)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <ConfirmDialog
        opened={retiring !== null}
        title="Are you sure?"
        message={retiring ? retireQuestion(retiring.name) : ''}
        confirmLabel="Make Inactive"
        danger
        loading={inactive.isPending}
        onCancel={() => setRetiring(null)}
        onConfirm={() => {
          if (!retiring) return;
          inactive.mutate(
            { kind, id: retiring.id },
            {
              onError: (err) => setError(sorryOf(err)),
              onSettled: () => setRetiring(null),
            },
          );
        }}
      />
    </Stack>
  );
}
