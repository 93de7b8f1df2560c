import { Loader, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Pager } from '@/components/pager';
import { serverMessage } from '@/lib/form-errors';
import type { SortOrder } from '../api/list-query';

/** Spec 000 §9: typing in a search box asks the server 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SortableThProps<Sort extends string> {
  label: string;
  column: Sort;
  sort: Sort;
  order: SortOrder;
  onSort: (column: Sort) => void;
  numeric?: boolean;
}

/** A column header that sorts the list on the server: a button, with aria-sort on the sorted one. */
export function SortableTh<Sort extends string>({ label, column, sort, order, onSort, numeric }: SortableThProps<Sort>) {
  const active = column === sort;
  const direction = active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={direction} ta={numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {label}
        <span aria-hidden="true" style={{ fontSize: '0.75em', color: active ? undefined : 'var(--mantine-color-dimmed)' }}>
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

interface SearchInputProps {
  label: string;
  /** The filter in force (the address's). */
  value: string;
  /** Called with the trimmed text, SEARCH_DEBOUNCE_MS after the last key. */
  onSearch: (value: string) => void;
  placeholder?: string;
  description?: string;
}

/** A search box that asks the server once the typing pauses, not on every key. */
export function SearchInput({ label, value, onSearch, placeholder, description }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // A filter changed from elsewhere (a link to this list): the box shows it.
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <TextInput
      type="search"
      label={label}
      description={description}
      placeholder={placeholder}
      value={text}
      autoComplete="off"
      miw={0}
      style={{ flex: '1 1 220px' }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => search.current(next.trim()), SEARCH_DEBOUNCE_MS);
      }}
    />
  );
}

interface ListBodyProps {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  /** What the loader says to screen readers, e.g. 'Loading the companies'. */
  loadingLabel: string;
  emptyText: string;
  children: ReactNode;
}

/** A list's loading, failure and empty states around its table. */
export function ListBody({ isPending, error, isEmpty, loadingLabel, emptyText, children }: ListBodyProps) {
  if (isPending) return <Loader size="sm" role="status" aria-label={loadingLabel} />;
  if (error) return <FormAlert>{`Sorry ${serverMessage(error)}`}</FormAlert>;
  if (isEmpty) {
    return (
      <Text c="dimmed" data-testid="empty-list">
        {emptyText}
      </Text>
    );
  }
  return <>{children}</>;
}

/** The pager under a list, when there is more than one page. */
export function ListPager({ pages, page, onChange }: { pages: number; page: number; onChange: (page: number) => void }) {
  return pages > 1 ? <Pager total={pages} value={Math.min(page, pages)} onChange={onChange} /> : null;
}
