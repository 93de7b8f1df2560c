import { useState } from 'react';

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** What a column sorts by: text (compared case- and accent-blind) or a number. */
export type SortValue = string | number;

/**
 * Rows in the order of a column: numbers by value, text alphabetically; rows that compare equal
 * keep the server's order (Array.prototype.sort is stable). A new array; `rows` is left alone.
 */
export function sortRows<T>(rows: readonly T[], value: ((row: T) => SortValue) | undefined, direction: SortDirection): T[] {
  if (!value) return [...rows];
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { sensitivity: 'base', numeric: true });
    return sign * order;
  });
}

/** The next sort after a click on a header: the same column turns around, another starts ascending. */
export const nextSort = (current: SortState | null, key: string): SortState =>
  current?.key === key ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: 'ascending' };

/** A table's sort: none (the server's order) until a header is clicked, unless `initial` says otherwise. */
export function useSort(initial: SortState | null = null) {
  const [sort, setSort] = useState<SortState | null>(initial);
  return { sort, toggle: (key: string) => setSort((current) => nextSort(current, key)) };
}
