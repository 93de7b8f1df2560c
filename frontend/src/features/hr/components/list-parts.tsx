import { Group, Loader, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Pager } from '@/components/pager';
import type { HrType } from '../api/get-hr-types';
import { HR_PAGE_SIZE, type SortOption } from '../api/schemas';
import { failureMessage } from './labels';

/** The value of '-- All --' in a type filter. */
export const ALL_TYPES = 'all';

interface ToolbarProps {
  sorts: readonly SortOption[];
  sort: string;
  onSort: (sort: string) => void;
  /** The type filter (events and documents): every type of the company, retired ones too. */
  types?: readonly HrType[];
  typeId?: number | null;
  onType?: (typeId: number | null) => void;
}

/** 'Sort by' and, for events and documents, the type filter ('-- All --' or one type). */
export function ListToolbar({ sorts, sort, onSort, types, typeId = null, onType }: ToolbarProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Sort by"
        data={sorts.map((s) => ({ value: s.value, label: s.label }))}
        value={sort}
        onChange={(next) => next && onSort(next)}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
      />
      {types && onType ? (
        <Select
          label="Type"
          data={[{ value: ALL_TYPES, label: '-- All --' }, ...types.map((t) => ({ value: String(t.id), label: t.active ? t.name : `${t.name} (inactive)` }))]}
          value={typeId === null ? ALL_TYPES : String(typeId)}
          onChange={(next) => onType(!next || next === ALL_TYPES ? null : Number(next))}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
      ) : null}
    </Group>
  );
}

interface PagedListProps<T> {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: { count: number } };
  items: readonly T[];
  empty: string;
  loadingLabel: string;
  page: number;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
  testId: string;
}

/** Number of pages of `count` items, 10 a page (at least 1). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / HR_PAGE_SIZE));

/** A paged list (10 a page): loading, failure, empty text, the items and the pager. */
export function PagedList<T>({ query, items, empty, loadingLabel, page, onPage, children, testId }: PagedListProps<T>) {
  if (query.isPending) return <Loader size="sm" aria-label={loadingLabel} />;
  if (query.isError) return <FormAlert>{failureMessage(query.error)}</FormAlert>;
  const pages = pageCount(query.data?.count ?? 0);
  return (
    <Stack gap="sm" data-testid={testId}>
      {items.length === 0 ? <Text c="dimmed">{empty}</Text> : items.map(children)}
      {pages > 1 ? <Pager total={pages} value={Math.min(page, pages)} onChange={onPage} /> : null}
    </Stack>
  );
}

/** A record's title that opens its detail panel. */
export function OpenTitle({ children, onOpen }: { children: string; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} fw={600} c="blue.8" style={{ textDecoration: 'underline', overflowWrap: 'anywhere', textAlign: 'left' }} aria-haspopup="dialog">
      {children}
    </UnstyledButton>
  );
}
