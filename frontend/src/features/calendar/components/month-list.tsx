import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { addDays } from '@/lib/company-time';
import type { AgendaItem } from '../api/agenda';
import { AgendaDays, agendaByDay } from './agenda-days';

export const NOTHING_THIS_MONTH = 'Nothing is planned for this month.';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The first day of the month of 'YYYY-MM-DD'. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month `steps` months after (before, when negative) the month starting `first`. */
export function shiftMonth(first: string, steps: number): string {
  const [year = 1970, month = 1] = first.split('-').map(Number);
  const index = year * 12 + (month - 1) + steps;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last day of the month starting `first`. */
export const lastDayOfMonth = (first: string): string => addDays(shiftMonth(first, 1), -1);

/** 'November 2026', as FullCalendar titles its month. */
const monthTitle = (first: string): string => `${MONTH_NAMES[Number(first.slice(5, 7)) - 1] ?? ''} ${first.slice(0, 4)}`;

interface MonthListProps {
  month: string;
  today: string;
  items: readonly AgendaItem[];
  loaded: boolean;
  onMonth: (first: string) => void;
  onOpenEvent: (id: number) => void;
}

/**
 * The month's entries as a list by day, with the grid's way round the months. A phone's grid has
 * cells a few letters wide, where 'Liam Carter – Vacation' became 'Liam C'; here every entry has
 * the screen's width for its whole title.
 */
export function MonthList({ month, today, items, loaded, onMonth, onOpenEvent }: MonthListProps) {
  const days = agendaByDay(items, { start: month, end: lastDayOfMonth(month) });
  const thisMonth = monthOf(today);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} fz={{ base: 'lg', sm: 'h3' }}>
          {monthTitle(month)}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={() => onMonth(shiftMonth(month, -1))} aria-label="Previous month">
            Previous
          </Button>
          <Button variant="default" onClick={() => onMonth(shiftMonth(month, 1))} aria-label="Next month">
            Next
          </Button>
          <Button variant="default" onClick={() => onMonth(thisMonth)} disabled={month === thisMonth}>
            Today
          </Button>
        </Group>
      </Group>
      {!loaded ? null : days.length === 0 ? (
        <Text size="sm" data-testid="calendar-list-empty">
          {NOTHING_THIS_MONTH}
        </Text>
      ) : (
        <AgendaDays days={days} today={today} onOpenEvent={onOpenEvent} />
      )}
    </Stack>
  );
}
