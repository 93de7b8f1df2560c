import { Anchor, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ClockStatusBadge } from '@/components/clock-status-badge';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { PersonAvatar } from '@/components/person-avatar';
import type { Identity } from '@/lib/identity';
import { telHref } from '@/lib/phone';
import { sortTeam, useMyTeam, type TeamMember, type TeamOrder } from '../api/get-my-team';

const ORDERS: { value: TeamOrder; label: string }[] = [
  { value: 'asc', label: 'A - Z' },
  { value: 'desc', label: 'Z - A' },
];

export const NO_TEAM_TEXT = 'No data';

function MemberCard({ member, timeZone }: { member: TeamMember; timeZone: string }) {
  const name = `${member.firstname} ${member.lastname}`.trim();
  return (
    <Card withBorder radius="md" p="md" component="li" data-testid="team-member">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <PersonAvatar url={member.avatar} firstname={member.firstname} lastname={member.lastname} size={48} />
        <Stack gap={6} miw={0}>
          <Title order={2} fz="md" lh={1.3}>
            {name}
          </Title>
          <ClockStatusBadge status={member.currentClockStatus} since={member.currentClockTime} timeZone={timeZone} />
          {member.phone ? (
            <Anchor href={telHref(member.phone)} size="sm">
              {member.phone}
            </Anchor>
          ) : null}
          {member.email ? (
            <Anchor href={`mailto:${member.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

/** /my-team (spec 000 §2): the colleagues' contact list, A-Z or Z-A by last name. */
export function TeamScreen({ identity }: { identity: Identity }) {
  const team = useMyTeam();
  const [order, setOrder] = useState<TeamOrder>('asc');
  const members = useMemo(() => sortTeam(team.data ?? [], order), [team.data, order]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          My Team
        </Title>
        <Select
          label="Sort by"
          data={ORDERS}
          value={order}
          onChange={(value) => value && setOrder(value as TeamOrder)}
          allowDeselect={false}
          w={{ base: '100%', xs: 140 }}
        />
      </Group>
      {team.isPending ? (
        <Loader role="status" aria-label="Loading the team" />
      ) : team.isError ? (
        <FormAlert>{loadErrorMessage(team.error)}</FormAlert>
      ) : members.length === 0 ? (
        <Text c="dimmed">{NO_TEAM_TEXT}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="team-list">
          {members.map((member) => (
            <MemberCard key={member.id} member={member} timeZone={identity.timezone} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
