import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HrType } from '../api/get-hr-types';
import { DEFAULT_ONBOARDING_DAYS } from '../api/schemas';
import { ONBOARDING_LABEL } from './hr-type-form';

function StatusBadge({ type }: { type: HrType }) {
  return (
    <Badge color={type.active ? 'teal.9' : 'gray.7'} variant="filled" autoContrast>
      {type.active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

const onboardingText = (type: HrType) => (type.onboardingDoc ? `Yes, ${type.onboardingDays ?? DEFAULT_ONBOARDING_DAYS} days` : 'No');

interface ActionsProps {
  type: HrType;
  onEdit: () => void;
  onRetire: () => void;
  onReactivate: () => void;
  reactivating: boolean;
}

/** A type's Edit, and Make Inactive (active) or Make Active (retired). */
export function HrTypeActions({ type, onEdit, onRetire, onReactivate, reactivating }: ActionsProps) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${type.name}`}>
        Edit
      </Button>
      {type.active ? (
        <Button size="xs" variant="outline" color="red.9" onClick={onRetire} aria-label={`Make Inactive: ${type.name}`}>
          Make Inactive
        </Button>
      ) : (
        <Button size="xs" variant="outline" loading={reactivating} onClick={onReactivate} aria-label={`Make Active: ${type.name}`}>
          Make Active
        </Button>
      )}
    </Group>
  );
}

interface ListProps {
  types: readonly HrType[];
  /** Document types: the onboarding column. */
  withOnboarding: boolean;
  /** The type edited inline (its name cell is the form). */
  editing: number | null;
  nameCell: (type: HrType) => ReactNode;
  actions: (type: HrType) => ReactNode;
}

/** Phones: a card per type. */
export function HrTypeCards({ types, withOnboarding, editing, nameCell, actions }: ListProps) {
  return (
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
  );
}

/** Desktops: a row per type. */
export function HrTypeTable({ types, withOnboarding, editing, nameCell, actions }: ListProps) {
  return (
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
  );
}
