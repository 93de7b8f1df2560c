import { Button, Card, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import type { Identity } from '@/lib/identity';
import { useClockStatus } from '../api/get-clock-status';
import { useClockAction, type ClockAction } from '../api/use-clock-action';
import { ClockFace } from './clock-face';

/** Spec 000 §8: a clock failure reads 'Sorry' and the first error the server returned. */
export function clockFailureText(error: unknown): string {
  if (error instanceof ApiError) return `Sorry ${error.firstMessage}`;
  return `Sorry ${GENERIC_FORM_ERROR}`;
}

/**
 * The clock card of /clockin, built for phones first (spec 000 §2, §4): greeting, the company
 * clock ticking every second, the shift's and the week's worked time, and one big button per
 * action of the current state. Clicks while a change is in flight are ignored; a failure resets
 * the card to idle with 'Sorry' and the first error, and the status is read again.
 */
export function ClockCard({ identity }: { identity: Identity }) {
  const status = useClockStatus(identity.eid);
  const clock = useClockAction(identity.eid);
  // A ref, not state: a second click in the same tick must see the first one.
  const inFlight = useRef(false);
  const [pending, setPending] = useState<ClockAction | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (action: ClockAction) => {
    const snapshot = status.data;
    if (inFlight.current || !snapshot) return;
    inFlight.current = true;
    setPending(action);
    setError(null);
    clock.mutate(
      { action, trackingNumber: snapshot.trackingNumber },
      {
        onError: (err) => setError(clockFailureText(err)),
        onSettled: () => {
          inFlight.current = false;
          setPending(null);
        },
      },
    );
  };

  return (
    <Card withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto" w="100%" data-testid="clock-card">
      {status.data ? (
        <ClockFace identity={identity} snapshot={status.data} pending={pending} error={error} onAction={run} />
      ) : status.isError ? (
        <Stack>
          <Title order={1} fz={22}>
            Clock
          </Title>
          <FormAlert>{clockFailureText(status.error)}</FormAlert>
          <Group>
            <Button variant="light" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </Group>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the clock" />
        </Center>
      )}
    </Card>
  );
}
