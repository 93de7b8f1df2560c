import { Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { useIsPhone } from '@/lib/media';
import { listOf, useHrTypes, type HrType, type HrTypeKind } from '../api/get-hr-types';
import { useInactiveHrType } from '../api/inactive-hr-type';
import { useUpdateHrType } from '../api/update-hr-type';
import { HrTypeForm, TYPE_NOUNS } from './hr-type-form';
import { HrTypeActions, HrTypeCards, HrTypeTable } from './hr-type-list';
import { failureMessage } from './labels';

export const retireQuestion = (name: string) => `${name} will no longer be offered when adding records. Records that have it keep it.`;

const sorryOf = (error: unknown) => `Sorry ${failureMessage(error)}`;

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

  const actions = (type: HrType) =>
    editing === type.id ? null : (
      <HrTypeActions
        type={type}
        onEdit={() => setEditing(type.id)}
        onRetire={() => {
          setError(null);
          setRetiring(type);
        }}
        reactivating={reactivate.isPending && reactivate.variables?.id === type.id}
        onReactivate={() => {
          setError(null);
          reactivate.mutate(
            { kind, id: type.id, name: type.name, onboardingDoc: type.onboardingDoc, onboardingDays: type.onboardingDays },
            { onError: (err) => setError(sorryOf(err)) },
          );
        }}
      />
    );

  const nameCell = (type: HrType) =>
    editing === type.id ? (
      <HrTypeForm key={type.id} kind={kind} type={type} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
    ) : (
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {type.name}
      </Text>
    );

  const listProps = { types, withOnboarding: kind === 'doc', editing, nameCell, actions };

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
        <HrTypeCards {...listProps} />
      ) : (
        <HrTypeTable {...listProps} />
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
