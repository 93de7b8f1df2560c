import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { PersonAvatar } from '@/components/person-avatar';
import { serverMessage } from '@/lib/form-errors';
import { isAdmin, isPrivileged, type Identity } from '@/lib/identity';
import { useEmailNow, useNextCelebrations, type Celebration } from '../api/celebrations';
import { celebrationDate, CELEBRATION_TEXTS, daysAwayText, fullName, TYPE_LOOKS, yearsText } from './labels';
import { MessagePanel } from './message-panel';

export const COMPANY_CELEBRATIONS_PATH = '/company-celebrations';

const keyOf = (c: Pick<Celebration, 'employeeId' | 'type'>) => `${c.type}-${c.employeeId}`;

interface RowProps {
  celebration: Celebration;
  canMessage: boolean;
  onMessage: () => void;
  onEmail: () => void;
  emailing: boolean;
}

function CelebrationRow({ celebration, canMessage, onMessage, onEmail, emailing }: RowProps) {
  const look = TYPE_LOOKS[celebration.type];
  const name = fullName(celebration);
  const years = yearsText(celebration);
  return (
    <Card component="li" withBorder radius="md" p="sm" data-testid="celebration" data-type={celebration.type}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <PersonAvatar url={celebration.avatar} firstname={celebration.firstname} lastname={celebration.lastname} size={40} />
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <Badge color={look.color} variant="filled" autoContrast size="sm">
                {look.label}
              </Badge>
            </Group>
            <Text size="sm" data-testid="celebration-when">
              {celebrationDate(celebration)} · {daysAwayText(celebration.daysAway)}
              {years ? ` · ${years}` : ''}
            </Text>
          </Stack>
        </Group>
        {canMessage ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onMessage} aria-label={`Message for ${name}'s ${look.label.toLowerCase()}`}>
              Message
            </Button>
            <Button size="xs" onClick={onEmail} loading={emailing} aria-label={`Email now: ${name}`}>
              Email now
            </Button>
          </Group>
        ) : null}
      </Group>
    </Card>
  );
}

/**
 * /celebrations (spec 002 §2, §7): the birthdays and work anniversaries of the next 60 days,
 * soonest first. Admins and managers open each person's message ('Message') and may mail it at
 * once ('Email now'); admins also reach the company's messages.
 */
export function CelebrationsScreen({ identity }: { identity: Identity }) {
  const list = useNextCelebrations();
  const email = useEmailNow();
  const [messageOf, setMessageOf] = useState<Celebration | null>(null);
  const [emailing, setEmailing] = useState<string | null>(null);
  const privileged = isPrivileged(identity);

  const emailNow = (celebration: Celebration) => {
    setEmailing(keyOf(celebration));
    email.mutate(
      { employeeId: celebration.employeeId, type: celebration.type },
      {
        onSuccess: () => notifications.show({ color: 'green', message: CELEBRATION_TEXTS.sent }),
        onError: (err) => notifications.show({ color: 'red', message: serverMessage(err) }),
        onSettled: () => setEmailing(null),
      },
    );
  };

  const celebrations = list.data?.celebrations ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Celebrations
          </Title>
          <Text c="dimmed" size="sm">
            Birthdays and work anniversaries of the next 60 days
          </Text>
        </Stack>
        {isAdmin(identity) ? (
          <Button component={Link} to={COMPANY_CELEBRATIONS_PATH} variant="default">
            Company Messages
          </Button>
        ) : null}
      </Group>
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading the celebrations" />
      ) : list.isError ? (
        <FormAlert>{loadErrorMessage(list.error)}</FormAlert>
      ) : celebrations.length === 0 ? (
        <Text data-testid="celebrations-empty">{CELEBRATION_TEXTS.empty}</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {celebrations.map((celebration) => (
            <CelebrationRow
              key={keyOf(celebration)}
              celebration={celebration}
              canMessage={privileged}
              onMessage={() => setMessageOf(celebration)}
              onEmail={() => emailNow(celebration)}
              emailing={emailing === keyOf(celebration)}
            />
          ))}
        </Stack>
      )}
      <MessagePanel celebration={messageOf} onClose={() => setMessageOf(null)} />
    </Stack>
  );
}
