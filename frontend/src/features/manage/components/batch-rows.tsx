import { Card, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import type { BulkField, BulkRow, BulkRowErrors } from '../api/add-multiple-users';
import { DEFAULT_PERMISSION, PERMISSIONS, type PermissionCode } from '../api/schemas';

interface RowInputsProps {
  index: number;
  row: BulkRow;
  errors: Partial<Record<BulkField, string>> | undefined;
  roles: { value: string; label: string }[];
  canSetPermission: boolean;
  onChange: (index: number, changes: Partial<BulkRow>) => void;
  /** Phone cards show labels; desktop cells sit under the column headings. */
  withLabels: boolean;
}

/** The four inputs of one row; each is named with its row number ("Name, row 3"). */
function rowInputs({ index, row, errors, roles, canSetPermission, onChange, withLabels }: RowInputsProps): ReactElement[] {
  const named = (text: string) => ({ 'aria-label': `${text}, row ${index + 1}`, label: withLabels ? text : undefined });
  return [
    <TextInput
      key="name"
      {...named('Name')}
      placeholder="First Last"
      autoComplete="off"
      value={row.name}
      error={errors?.name}
      onChange={(event) => onChange(index, { name: event.currentTarget.value })}
    />,
    <TextInput
      key="email"
      {...named('Email')}
      type="email"
      autoComplete="off"
      value={row.email}
      error={errors?.email}
      onChange={(event) => onChange(index, { email: event.currentTarget.value })}
    />,
    <Select
      key="jobrole"
      {...named('Job Role')}
      placeholder="Choose a role"
      data={roles}
      value={row.jobrole}
      error={errors?.jobrole}
      clearable
      onChange={(value) => onChange(index, { jobrole: value })}
    />,
    <Select
      key="permission"
      {...named('Permission')}
      data={PERMISSIONS.map((p) => ({ value: p.value, label: p.label }))}
      value={row.permission}
      error={errors?.permission}
      allowDeselect={false}
      disabled={!canSetPermission}
      onChange={(value) => onChange(index, { permission: (value ?? DEFAULT_PERMISSION) as PermissionCode })}
    />,
  ];
}

interface BatchRowsProps {
  rows: readonly BulkRow[];
  rowErrors: BulkRowErrors;
  roles: { value: string; label: string }[];
  canSetPermission: boolean;
  onChange: (index: number, changes: Partial<BulkRow>) => void;
  /** Phones: a card per person; desktops: a table row. */
  asCards: boolean;
}

/** The bulk add's rows of name, e-mail, job role and permission. */
export function BatchRows({ rows, rowErrors, roles, canSetPermission, onChange, asCards }: BatchRowsProps) {
  const inputsOf = (row: BulkRow, index: number, withLabels: boolean) =>
    rowInputs({ index, row, errors: rowErrors[index], roles, canSetPermission, onChange, withLabels });

  if (asCards) {
    return (
      <Stack gap="sm" data-testid="batch-cards">
        {rows.map((row, index) => (
          <Card key={index} withBorder radius="md" p="sm" data-testid="batch-row">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Employee {index + 1}
              </Text>
              {inputsOf(row, index, true)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" data-testid="batch-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Job Role</Table.Th>
            <Table.Th>Permission</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index} data-testid="batch-row" style={{ verticalAlign: 'top' }}>
              <Table.Td pt={14}>{index + 1}</Table.Td>
              {inputsOf(row, index, false).map((input, i) => (
                <Table.Td key={i}>{input}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
