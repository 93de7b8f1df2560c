import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortOrder } from '../api/list-query';

interface ListStateOptions<Sort extends string, Filter extends string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultOrder: SortOrder;
  filters: readonly Filter[];
}

export interface ListState<Sort extends string, Filter extends string> {
  page: number;
  sort: Sort;
  order: SortOrder;
  filters: Record<Filter, string>;
  setPage: (page: number) => void;
  /** A click on a column: the same column turns around, another starts ascending; back to page 1. */
  toggleSort: (column: Sort) => void;
  /** A new filter value; back to page 1. */
  setFilter: (key: Filter, value: string) => void;
}

/**
 * The page, sort and filters of a list, kept in the address (`?page&sort&order&{filter}`): coming
 * back from a company to the list finds it as it was left. Unknown values read as the defaults.
 */
export function useListState<Sort extends string, Filter extends string>({
  sorts,
  defaultSort,
  defaultOrder,
  filters: filterKeys,
}: ListStateOptions<Sort, Filter>): ListState<Sort, Filter> {
  const [search, setSearch] = useSearchParams();
  const rawPage = search.get('page');
  const page = rawPage && /^\d+$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const rawSort = search.get('sort');
  const sort = rawSort !== null && (sorts as readonly string[]).includes(rawSort) ? (rawSort as Sort) : defaultSort;
  const rawOrder = search.get('order');
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : sort === defaultSort ? defaultOrder : 'asc';
  const filterText = filterKeys.map((key) => search.get(key) ?? '').join('\u0000');
  const filters = useMemo(() => {
    const values = filterText.split('\u0000');
    return Object.fromEntries(filterKeys.map((key, index) => [key, values[index] ?? ''])) as Record<Filter, string>;
  }, [filterKeys, filterText]);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  const setFilter = useCallback((key: Filter, value: string) => update({ [key]: value, page: null }), [update]);

  return {
    page,
    sort,
    order,
    filters,
    setPage: (next) => update({ page: next <= 1 ? null : String(next) }),
    toggleSort: (column) => update({ sort: column, order: column === sort ? (order === 'asc' ? 'desc' : 'asc') : 'asc', page: null }),
    setFilter,
  };
}
