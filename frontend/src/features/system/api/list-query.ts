import type { QueryValue } from '@/lib/api-client';

/** Contract "Lists": 20 rows a page, `page` 1-based. */
export const SYSTEM_PAGE_SIZE = 20;
/** The audit log: 50 a page. */
export const AUDIT_PAGE_SIZE = 50;

export type SortOrder = 'asc' | 'desc';

/** A page of a sorted list: the page, the column it is sorted by and which way. */
export interface ListQuery<Sort extends string> {
  page: number;
  sort: Sort;
  order: SortOrder;
}

/** Number of pages of `count` rows (at least 1). */
export const pageCount = (count: number, size = SYSTEM_PAGE_SIZE): number => Math.max(1, Math.ceil(count / size));

/** A filter as sent: trimmed; an empty one is left out of the query (the server ignores it anyway). */
export const filterParam = (value: string | null | undefined): string | undefined => value?.trim() || undefined;

/** The query of a list call: page, sort and order, then the filters that are set. */
export function listParams<Sort extends string>(list: ListQuery<Sort>, filters: Record<string, string | number | null | undefined> = {}): Record<string, QueryValue> {
  const params: Record<string, QueryValue> = { page: list.page, sort: list.sort, order: list.order };
  for (const [key, value] of Object.entries(filters)) {
    params[key] = typeof value === 'string' ? filterParam(value) : (value ?? undefined);
  }
  return params;
}
