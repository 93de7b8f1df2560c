import { Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { formatCalendarDate, weekOf, type Week } from '@/lib/company-time';
import type { Identity } from '@/lib/identity';
import { useAgenda } from '../api/agenda';
import { AgendaDays, agendaByDay } from './agenda-days';
import { EventPanel, useEventPanel } from './event-panel';

export const TEAM_CALENDAR_PATH = '/team-calendar';
export const NOTHING_THIS_WEEK = 'Nothing is planned for this week.';

/** 'Nov 15 – Nov 21, 2026'. */
const weekText = (week: Week): string => `${formatCalendarDate(week.start).slice(0, 6)} – ${formatCalendarDate(week.end)}`;

interface WhatsHappeningCardProps {
  /**
   * Not read: whose pending time off shows is the server's decision (the caller's reach), so an
   * employee sees their own requests too. Kept so the screens that embed the card stay as they are.
   */
  identity: Identity;
  today: string;
}

/**
 * 'What's happening?' (spec 000 §2, 002 §2): this week's agenda (Sunday to Saturday of the
 * company's today) by day — time off (pending too: an employee's own, an approver's of the people
 * they reach), holidays, birthdays, anniversaries and calendar events in their colours — with a
 * link to /team-calendar and 'Add Event'.
 */
export function WhatsHappeningCard({ today }: WhatsHappeningCardProps) {
  const week = weekOf(today);
  const agenda = useAgenda({ start: week.start, end: week.end, includePending: true });
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
          <AgendaDays days={days} today={today} onOpenEvent={panel.openEdit} />
        )}
      </Stack>
      <EventPanel state={panel.state} onClose={panel.close} />
    </Card>
  );
}
