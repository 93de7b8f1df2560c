import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatCalendarDate, WEEKDAY_NAMES, weekdayOf } from '@/lib/company-time';
import type { AgendaItem } from '../api/agenda';
import { AGENDA_LOOKS, agendaKind, agendaTimes, agendaTitle, daysOfItem, isCalendarEvent } from './agenda-labels';

export interface AgendaDay {
  day: string;
  items: AgendaItem[];
}

/** The days from `start` to `end` (both included) that have something, in order, each with what covers it. */
export function agendaByDay(items: readonly AgendaItem[], { start, end }: { start: string; end: string }): AgendaDay[] {
  const byDay = new Map<string, AgendaItem[]>();
  for (const item of items) {
    for (const day of daysOfItem(item, start, end)) {
      byDay.set(day, [...(byDay.get(day) ?? []), item]);
    }
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, dayItems]) => ({ day, items: dayItems }));
}

/** 'Wednesday, Nov 18'. */
const dayText = (day: string): string => `${WEEKDAY_NAMES[weekdayOf(day)]}, ${formatCalendarDate(day).slice(0, 6)}`;

function AgendaRow({ item, onOpenEvent }: { item: AgendaItem; onOpenEvent: (id: number) => void }) {
  const kind = agendaKind(item);
  const look = AGENDA_LOOKS[kind];
  const title = agendaTitle(item);
  const times = agendaTimes(item);
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start" data-testid="agenda-item" data-kind={kind}>
      <Badge color={look.color} variant="filled" autoContrast size="sm" miw={96} mt={2} style={{ flexShrink: 0 }}>
        {look.badge}
      </Badge>
      <Stack gap={0} miw={0}>
        {isCalendarEvent(item) ? (
          <UnstyledButton onClick={() => onOpenEvent(item.id)} fz="sm" fw={600} c="blue.8" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </UnstyledButton>
        ) : (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
        )}
        {times ? (
          <Text size="xs" c="dimmed">
            {times}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * Agenda items by day, each day a heading (level 3) over its items with their type, whole titles
 * and times: the week of 'What's happening?' and the list view of the team calendar.
 */
export function AgendaDays({ days, today, onOpenEvent }: { days: readonly AgendaDay[]; today: string; onOpenEvent: (id: number) => void }) {
  return (
    <Stack gap="md">
      {days.map(({ day, items }) => (
        <Stack key={day} gap={6} data-testid="agenda-day" data-day={day}>
          <Group gap="xs">
            <Text size="sm" fw={700} component="h3" m={0}>
              {dayText(day)}
            </Text>
            {day === today ? (
              <Badge size="xs" variant="light" color="blue">
                Today
              </Badge>
            ) : null}
          </Group>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <AgendaRow key={`${item.agendaType}-${item.id}`} item={item} onOpenEvent={onOpenEvent} />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
