import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { formatCalendarDate, WEEKDAY_NAMES, weekdayOf, weekOf, type Week } from '@/lib/company-time';
import { isPrivileged, type Identity } from '@/lib/identity';
import { useAgenda, type AgendaItem } from '../api/agenda';
import { AGENDA_LOOKS, agendaKind, agendaTimes, agendaTitle, daysOfItem, isCalendarEvent } from './agenda-labels';
import { EventPanel, useEventPanel } from './event-panel';

export const TEAM_CALENDAR_PATH = '/team-calendar';
export const NOTHING_THIS_WEEK = 'Nothing is planned for this week.';

export interface AgendaDay {
  day: string;
  items: AgendaItem[];
}

/** The week's days that have something, in order, each with what covers it. */
export function agendaByDay(items: readonly AgendaItem[], week: Week): AgendaDay[] {
  const byDay = new Map<string, AgendaItem[]>();
  for (const item of items) {
    for (const day of daysOfItem(item, week.start, week.end)) {
      byDay.set(day, [...(byDay.get(day) ?? []), item]);
    }
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, dayItems]) => ({ day, items: dayItems }));
}

/** 'Nov 15 – Nov 21, 2026'. */
const weekText = (week: Week): string => `${formatCalendarDate(week.start).slice(0, 6)} – ${formatCalendarDate(week.end)}`;

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
 * 'What's happening?' (spec 000 §2, 002 §2): this week's agenda (Sunday to Saturday of the
 * company's today) by day — time off (pending too for admins and managers), holidays, birthdays,
 * anniversaries and calendar events in their colours — with a link to /team-calendar and 'Add Event'.
 */
export function WhatsHappeningCard({ identity, today }: { identity: Identity; today: string }) {
  const week = weekOf(today);
  const agenda = useAgenda({ start: week.start, end: week.end, includePending: isPrivileged(identity) });
  const panel = useEventPanel();
  const days = agendaByDay(agenda.data?.items ?? [], week);

  return (
    <Card withBorder radius="md" p="lg" data-testid="whats-happening" data-tour="whats-happening">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} fz="lg">
              What&apos;s happening?
            </Title>
            <Text size="sm" c="dimmed" data-testid="agenda-week">
              {weekText(week)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Anchor component={Link} to={TEAM_CALENDAR_PATH} size="sm" fw={600}>
              Team Calendar
            </Anchor>
            <Button size="xs" onClick={() => panel.openAdd(today)}>
              Add Event
            </Button>
          </Group>
        </Group>
        {agenda.isPending ? (
          <Loader size="sm" aria-label="Loading this week's agenda" />
        ) : agenda.isError ? (
          <FormAlert>{loadErrorMessage(agenda.error)}</FormAlert>
        ) : days.length === 0 ? (
          <Text size="sm" data-testid="agenda-empty">
            {NOTHING_THIS_WEEK}
          </Text>
        ) : (
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
                    <AgendaRow key={`${item.agendaType}-${item.id}`} item={item} onOpenEvent={panel.openEdit} />
                  ))}
                </Stack>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
      <EventPanel state={panel.state} onClose={panel.close} />
    </Card>
  );
}
