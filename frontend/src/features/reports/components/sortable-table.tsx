import { Table, UnstyledButton } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { sortRows, useSort, type SortState, type SortValue } from './sorting';

export interface Column<T> {
  key: string;
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** What the column sorts by; a column without one does not sort. */
  sortValue?: (row: T) => SortValue;
  render: (row: T) => ReactNode;
}

interface SortableTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The footer's rows (totals); they never move with the sort. */
  footer?: ReactNode;
  initialSort?: SortState | null;
  testId?: string;
  rowTestId?: string;
  minWidth?: number;
}

function SortHeader({ label, numeric, direction, onSort }: { label: string; numeric?: boolean; direction: SortState['direction'] | null; onSort: () => void }) {
  return (
    <Table.Th aria-sort={direction ?? 'none'} ta={numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton
        onClick={onSort}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        data-testid="sort-button"
      >
        {label}
        <span aria-hidden="true" className="tk-no-print" style={{ fontSize: '0.75em', color: direction ? undefined : 'var(--mantine-color-dimmed)' }}>
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A report table whose headers sort it: each sortable header is a button; a click sorts by that
 * column ascending, the next click descending. The sorted header carries aria-sort. The footer
 * (the server's totals) stays below the rows.
 */
export function SortableTable<T>({ label, columns, rows, rowKey, footer, initialSort = null, testId, rowTestId, minWidth = 500 }: SortableTableProps<T>) {
  const { sort, toggle } = useSort(initialSort);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    return sortRows(rows, column?.sortValue, sort?.direction ?? 'ascending');
  }, [rows, columns, sort]);

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className="tk-report-scroll">
      <Table aria-label={label} data-testid={testId} striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sortValue ? (
                <SortHeader
                  key={column.key}
                  label={column.label}
                  numeric={column.numeric}
                  direction={sort?.key === column.key ? sort.direction : null}
                  onSort={() => toggle(column.key)}
                />
              ) : (
                <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined}>
                  {column.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.numeric ? 'right' : undefined} style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}

/** A footer row: a heading cell ('Total') and the figures under their columns. */
export function FooterRow({ label, cells, testId }: { label: string; cells: readonly { value: ReactNode; numeric?: boolean }[]; testId?: string }) {
  return (
    <Table.Tr data-testid={testId} fw={700}>
      <Table.Th scope="row">{label}</Table.Th>
      {cells.map((cell, i) => (
        <Table.Td key={i} ta={cell.numeric ? 'right' : undefined} style={cell.numeric ? { whiteSpace: 'nowrap' } : undefined}>
          {cell.value}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
