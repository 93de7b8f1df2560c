import { Button, Group } from '@mantine/core';

/** Spec 000 §9: the page window shows up to 10 pages, starting 4 before the current page. */
export const PAGE_WINDOW = 10;
export const PAGES_BEFORE = 4;

/** The page numbers the pager shows around `current` (1-based) out of `total`. */
export function pageWindow(current: number, total: number): number[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const first = Math.max(1, page - PAGES_BEFORE);
  const last = Math.min(total, first + PAGE_WINDOW - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

interface PagerProps {
  total: number;
  value: number;
  onChange: (page: number) => void;
}

/** The pager of the paged lists: previous, the page window, next. */
export function Pager({ total, value, onChange }: PagerProps) {
  const pages = pageWindow(value, total);
  return (
    <Group gap={4} justify="center" component="nav" aria-label="Pages">
      <Button size="compact-sm" variant="default" disabled={value <= 1} onClick={() => onChange(value - 1)} aria-label="Previous page">
        ‹
      </Button>
      {pages.map((page) => (
        <Button
          key={page}
          size="compact-sm"
          variant={page === value ? 'filled' : 'default'}
          aria-label={`Page ${page}`}
          aria-current={page === value ? 'page' : undefined}
          onClick={() => onChange(page)}
        >
          {page}
        </Button>
      ))}
      <Button size="compact-sm" variant="default" disabled={value >= total} onClick={() => onChange(value + 1)} aria-label="Next page">
        ›
      </Button>
    </Group>
  );
}
