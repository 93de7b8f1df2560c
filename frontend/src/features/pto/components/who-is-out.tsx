import { Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { PersonAvatar } from '@/components/person-avatar';
import { addDays } from '@/lib/company-time';
import { fullName, useAgenda, type AgendaItem } from '../api/requests';
import { TIME_OFF_TEXTS, timeOffDates } from './time-off-labels';

/** How far ahead the card looks. */
export const WHO_IS_OUT_DAYS = 30;
/** Time off and holidays only: birthdays and calendar events belong to the team calendar. */
export const WHO_IS_OUT_TYPES = 'PTO_REQUEST,HOLIDAY';

function AgendaRow({ item }: { item: AgendaItem }) {
  const holiday = item.agendaType === 'HOLIDAY';
  const name = holiday ? (item.name ?? 'Holiday') : fullName(item);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li" data-testid="who-is-out-item">
      {holiday ? null : <PersonAvatar url={item.avatar} firstname={item.firstname ?? ''} lastname={item.lastname ?? ''} size={32} />}
      <Stack gap={0} miw={0}>
        <Group gap={6}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          {holiday ? (
            <Badge size="sm" color="blue.8" variant="filled">
              Paid holiday
            </Badge>
          ) : item.name ? (
            <Text size="xs" c="dimmed">
              {item.name}
            </Text>
          ) : null}
        </Group>
        <Text size="sm">{timeOffDates(item.start, item.end, item.allday === 1)}</Text>
      </Stack>
    </Group>
  );
}

/**
 * 'Who Else is Out?' (spec 000 §2): the others' approved time off and the paid holidays from today
 * to 30 days ahead, the viewed person left out.
 */
export function WhoIsOut({ today, employeeId }: { today: string; employeeId: number }) {
  const agenda = useAgenda({ start: today, end: addDays(today, WHO_IS_OUT_DAYS), excludedEmployeeId: employeeId, types: WHO_IS_OUT_TYPES });
  const items = agenda.data?.items ?? [];
  return (
    <Card withBorder radius="md" p="lg" data-testid="who-is-out">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            Who Else is Out?
          </Title>
          {/* Spec 000 §2: the card links to the team calendar. */}
          <Anchor component={Link} to="/team-calendar" size="sm" fw={600}>
            Team Calendar
          </Anchor>
        </Group>
        {agenda.isLoading ? (
          <Loader size="sm" aria-label="Loading who else is out" />
        ) : agenda.isError ? (
          <FormAlert>{loadErrorMessage(agenda.error)}</FormAlert>
        ) : items.length === 0 ? (
          <Text data-testid="who-is-out-empty">{TIME_OFF_TEXTS.nobodyOut}</Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <AgendaRow key={`${item.agendaType}-${item.id}`} item={item} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
