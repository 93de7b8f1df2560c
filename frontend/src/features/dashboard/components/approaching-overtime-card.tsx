import { Badge, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { PersonAvatar } from '@/components/person-avatar';
import { formatTime24 } from '@/lib/company-time';
import { serverMessage } from '@/lib/form-errors';
import { useApproachingOvertime, type ApproachingOvertimePerson } from '../api/get-approaching-overtime';
import { DASHBOARD_TEXTS } from './labels';

/**
 * What a row says (issue 37), times on the company clock, 24-hour: 'In overtime since 17:12', or
 * 'Overtime from 17:30 if they stay until 18:00'. Empty when the server sent neither instant.
 */
export function approachingOvertimeText(person: ApproachingOvertimePerson, timeZone: string): string {
  if (person.since) return `In overtime since ${formatTime24(person.since, timeZone)}`;
  if (!person.expectedAt) return '';
  const from = `Overtime from ${formatTime24(person.expectedAt, timeZone)}`;
  return person.usualEnd ? `${from} if they stay until ${formatTime24(person.usualEnd, timeZone)}` : from;
}

/**
 * 'Approaching overtime' (issue 37): the people clocked in now whom the caller oversees and who are
 * in overtime, or will be if they stay until their usual end. Asked again every minute; a failed
 * load says so inside the card and the rest of the dashboard carries on.
 */
export function ApproachingOvertimeCard({ timeZone }: { timeZone: string }) {
  const query = useApproachingOvertime();
  const people = query.data?.people ?? [];
  const inOvertime = people.filter((p) => p.since).length;

  let body;
  if (query.isPending) body = <Loader size="sm" role="status" aria-label="Loading who is near overtime" />;
  else if (query.isError) body = <Text c="dimmed">{serverMessage(query.error)}</Text>;
  else if (people.length === 0) {
    body = (
      <Text c="dimmed" data-testid="approaching-overtime-empty">
        {DASHBOARD_TEXTS.nobodyNearOvertime}
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {people.map((person) => (
          <Group key={person.employeeId} component="li" gap="sm" wrap="nowrap" data-testid="approaching-overtime-row">
            <PersonAvatar url={null} firstname={person.firstname} lastname={person.lastname} size={32} />
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm" truncate="end" data-testid="approaching-overtime-name">
                {`${person.firstname} ${person.lastname}`.trim()}
              </Text>
              <Text size="xs" c={person.since ? 'red.9' : 'dimmed'} fw={person.since ? 600 : undefined} data-testid="approaching-overtime-detail">
                {approachingOvertimeText(person, timeZone)}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="approaching-overtime-title" data-testid="approaching-overtime">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="approaching-overtime-title">
            Approaching overtime
          </Title>
          {query.data && people.length > 0 ? (
            <Badge color={inOvertime > 0 ? 'orange.9' : 'gray.7'} variant="filled" autoContrast size="lg" data-testid="approaching-overtime-count">
              {people.length}
              <VisuallyHidden>{people.length === 1 ? ' person' : ' people'}</VisuallyHidden>
            </Badge>
          ) : null}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
