import { Button, Group, Table } from '@mantine/core';
import type { PromotSort } from '../api/get-promots';
import type { SortOrder } from '../api/list-query';
import type { Promot } from '../api/schemas';
import { dayText, discountText, instantDay, monthsText } from './format';
import { SortableTh } from './list-parts';

/** What a code's buttons do. */
export interface PromotRowActions {
  onEdit: () => void;
  onDelete: () => void;
  onCompanies: () => void;
}

function PromotRow({ promot, timeZone, onEdit, onDelete, onCompanies }: { promot: Promot; timeZone: string | undefined } & PromotRowActions) {
  return (
    <Table.Tr data-testid="promot-row">
      <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }}>
        {promot.code}
      </Table.Td>
      <Table.Td>{promot.description || '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{discountText(promot)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthsText(promot.months)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{promot.expiresOn ? dayText(promot.expiresOn) : 'Never'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDay(promot.createdAt, timeZone)}</Table.Td>
      <Table.Td ta="right">
        <Button size="compact-sm" variant="subtle" onClick={onCompanies} aria-haspopup="dialog" aria-label={`Companies using ${promot.code}: ${promot.companies}`}>
          {promot.companies}
        </Button>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={onEdit} aria-haspopup="dialog" aria-label={`Edit ${promot.code}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="default" color="red.9" onClick={onDelete} aria-haspopup="dialog" aria-label={`Delete ${promot.code}`}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface PromotTableProps {
  promots: readonly Promot[];
  timeZone: string | undefined;
  /** The rows are the previous page's while the next one loads. */
  busy: boolean;
  sort: PromotSort;
  order: SortOrder;
  onSort: (column: PromotSort) => void;
  actionsFor: (promot: Promot) => PromotRowActions;
}

/** The promotion codes, sortable by code and creation. */
export function PromotTable({ promots, timeZone, busy, sort, order, onSort, actionsFor }: PromotTableProps) {
  const sortProps = { sort, order, onSort };
  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table aria-label="Promotion codes" striped highlightOnHover withTableBorder verticalSpacing="xs" aria-busy={busy || undefined}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="Code" column="code" {...sortProps} />
            <Table.Th>Description</Table.Th>
            <Table.Th>Discount</Table.Th>
            <Table.Th>Applies to</Table.Th>
            <Table.Th>Expires</Table.Th>
            <SortableTh label="Created" column="createdAt" {...sortProps} />
            <Table.Th ta="right">Companies</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {promots.map((promot) => (
            <PromotRow key={promot.id} promot={promot} timeZone={timeZone} {...actionsFor(promot)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
