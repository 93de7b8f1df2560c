import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Allocation, AllocationRow } from '../api/allocation';

type PtoTypeColumn = Allocation['types'][number];

const personName = (row: AllocationRow) => `${row.firstname} ${row.lastname}`;

/** What each balance field needs from the screen. */
export interface AllocationFields {
  /** The field's text: the admin's edit, else the stored value in hours. */
  value: (row: AllocationRow, ptoTypeId: number) => string;
  error: (row: AllocationRow, ptoTypeId: number) => string | undefined;
  onChange: (row: AllocationRow, ptoTypeId: number, next: string) => void;
  disabled: boolean;
}

interface GridProps {
  allocation: Allocation;
  fields: AllocationFields;
}

function ColorDot({ color }: { color: string }) {
  return <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: color, display: 'inline-block', flex: 'none' }} />;
}

/** One balance field (hours, digits only); its name says whose and which type: 'Vacation hours for Emma Brooks'. */
function BalanceInput({ row, type, fields, label }: { row: AllocationRow; type: PtoTypeColumn; fields: AllocationFields; label?: string }) {
  return (
    <TextInput
      label={label}
      aria-label={`${type.name} hours for ${personName(row)}`}
      inputMode="numeric"
      autoComplete="off"
      size={label ? 'sm' : 'xs'}
      w={label ? undefined : 96}
      value={fields.value(row, type.id)}
      error={fields.error(row, type.id)}
      disabled={fields.disabled}
      onChange={(event) => fields.onChange(row, type.id, event.currentTarget.value)}
    />
  );
}

/** The plan's name, or 'No PTO plan' with a link to the person's folder, where PTO is set up. */
function PlanCell({ row }: { row: AllocationRow }) {
  if (row.ptoPlanName !== null && row.ptoPolicyId !== null) return <Text size="sm">{row.ptoPlanName}</Text>;
  return (
    <Text size="sm" c="dimmed">
      No PTO plan ·{' '}
      {/* Underlined (a link inside text is told apart by more than its colour); Text.css, loaded
          after Anchor.css, would override Anchor's own `underline` prop. */}
      <Anchor component={Link} to={`/admin/manage/view-user/${row.employeeId}`} size="sm" style={{ textDecoration: 'underline' }} aria-label={`Set up PTO for ${personName(row)}`}>
        Set up
      </Anchor>
    </Text>
  );
}

function PersonCell({ row }: { row: AllocationRow }) {
  return (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {personName(row)}
      </Text>
      {row.jobRole ? (
        <Text size="xs" c="dimmed">
          {row.jobRole}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Desktop: a row per person, a column per payable type; '—' where the type is not in the person's plan. */
export function AllocationTable({ allocation, fields }: GridProps) {
  return (
    <Table.ScrollContainer minWidth={360 + 120 * allocation.types.length}>
      <Table striped verticalSpacing="xs" data-testid="allocation-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th>PTO Plan</Table.Th>
            {allocation.types.map((type) => (
              <Table.Th key={type.id}>
                <Group gap={6} wrap="nowrap">
                  <ColorDot color={type.color} />
                  <span>{type.name} (hrs)</span>
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {allocation.employees.map((row) => (
            <Table.Tr key={row.employeeId} data-testid="allocation-row">
              <Table.Td>
                <PersonCell row={row} />
              </Table.Td>
              <Table.Td>
                <PlanCell row={row} />
              </Table.Td>
              {allocation.types.map((type) => (
                <Table.Td key={type.id}>
                  {row.types.some((balance) => balance.ptoTypeId === type.id) ? (
                    <BalanceInput row={row} type={type} fields={fields} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      <span aria-hidden>—</span>
                      <VisuallyHidden>Not in the plan</VisuallyHidden>
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: a card per person with a labelled field for each type of their plan. */
export function AllocationCards({ allocation, fields }: GridProps) {
  return (
    <Stack gap="sm" data-testid="allocation-cards">
      {allocation.employees.map((row) => {
        const types = allocation.types.filter((type) => row.types.some((balance) => balance.ptoTypeId === type.id));
        return (
          <Card key={row.employeeId} withBorder radius="md" p="sm" data-testid="allocation-row">
            <Stack gap="xs">
              <PersonCell row={row} />
              <PlanCell row={row} />
              {types.length > 0 ? (
                <SimpleGrid cols={2} spacing="sm">
                  {types.map((type) => (
                    <BalanceInput key={type.id} row={row} type={type} fields={fields} label={`${type.name} hours`} />
                  ))}
                </SimpleGrid>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
