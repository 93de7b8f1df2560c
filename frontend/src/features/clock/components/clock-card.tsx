import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import type { Identity } from '@/lib/identity';
import { isNetworkFailure, projectSnapshot } from '@/lib/outbox';
import { useNow } from '@/lib/use-now';
import { snapshotOf, useClockStatus, type ClockSnapshot } from '../api/get-clock-status';
import { clockOutbox, useClockOutbox, useOnline, useOutboxSync } from '../api/outbox';
import { useClockPress, type ClockAction } from '../api/use-clock-action';
import { ClockFace } from './clock-face';
import { OfflineNote, OutboxNotices, OutboxQueue } from './outbox-panel';

/** Spec 000 §8: a clock failure reads 'Sorry' and the first error the server returned. */
export function clockFailureText(error: unknown): string {
  if (error instanceof ApiError) return `Sorry ${error.firstMessage}`;
  return `Sorry ${GENERIC_FORM_ERROR}`;
}

/** The code of a clock-in refused by a work location's rule in block mode (issue 40). */
export const OUTSIDE_WORK_LOCATION = 'outside_work_location';
export const OUTSIDE_WORK_LOCATION_TITLE = 'Clock-in refused';

/** A failed press as the card shows it: a title when there is one, and the text. */
export interface PressFailure {
  title: string | null;
  text: string;
}

/**
 * A press's failure: a clock-in refused where the person is, with the server's own message (it says
 * why and what to do) under its title; any other with 'Sorry' and the first error.
 */
export function pressFailure(error: unknown): PressFailure {
  if (error instanceof ApiError && error.code === OUTSIDE_WORK_LOCATION && error.message) {
    return { title: OUTSIDE_WORK_LOCATION_TITLE, text: error.message };
  }
  return { title: null, text: clockFailureText(error) };
}

/** Under the card, when the person is held to work locations (issue 40): what is checked and kept. */
export const privacyNoteText = (workLocations: readonly string[]): string =>
  `Your presses are checked against ${workLocations.join(', ')}. With each press we keep your position (if you allow it) and network address for a limited time, then only whether you were inside.`;

/** A clock that never opened on this phone cannot open offline: it needs the server once. */
export const NEVER_SEEN_OFFLINE = 'Sorry, the clock cannot be read without a network, and this phone has not seen it yet. Try again once you are online.';

/** The newer of two snapshots (by when the phone received them). */
function newer(a: ClockSnapshot | undefined, b: ClockSnapshot | null): ClockSnapshot | null {
  if (!a) return b;
  if (!b) return a;
  return b.receivedAt > a.receivedAt ? b : a;
}

/**
 * The clock card of /clockin, built for phones first (spec 000 §2, §4): greeting, the company
 * clock ticking every second, the shift's and the week's worked time, and one big button per
 * action of the current state. Clicks while a change is in flight are ignored; a failure resets
 * the card to idle with 'Sorry' and the first error, and the status is read again.
 *
 * Without a network (issue 39) a press is kept on the phone and the card shows the state it knows:
 * the last confirmed status with the presses still waiting applied on top, the list of those
 * presses with the times they will be recorded at, and, once they are sent, what became of each
 * one that was not simply recorded.
 */
export function ClockCard({ identity }: { identity: Identity }) {
  const status = useClockStatus(identity.eid);
  const outbox = useClockOutbox(identity.eid);
  useOutboxSync(identity.eid);
  const press = useClockPress(identity);
  const online = useOnline();
  const now = useNow(30_000);
  // A ref, not state: a second click in the same tick must see the first one.
  const inFlight = useRef(false);
  const [pending, setPending] = useState<ClockAction | null>(null);
  // While a press waits for the phone's position (issue 40).
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<PressFailure | null>(null);

  const confirmed = newer(status.data, outbox.lastAnswer ? snapshotOf(outbox.lastAnswer.status, outbox.lastAnswer.receivedAt) : null);
  // The state this phone knows: what the server last said, and the presses it has not heard yet.
  const shown = confirmed && outbox.loaded ? projectSnapshot(confirmed, outbox.entries) : null;
  const eid = identity.eid;

  const dismiss = (keys: string[]) => {
    if (eid !== null) void clockOutbox.dismiss(eid, keys).catch(() => undefined);
  };

  const run = (action: ClockAction) => {
    if (inFlight.current || !shown) return;
    inFlight.current = true;
    setPending(action);
    setError(null);
    // A new press: the news of the last ones, when all was recorded, has been seen.
    const read = outbox.notices.filter((n) => n.outcome === 'applied').map((n) => n.key);
    if (read.length > 0) dismiss(read);
    press(action, { trackingNumber: shown.trackingNumber, startKey: shown.startKey, asksPosition: shown.asksPosition, onLocating: setLocating })
      .catch((err: unknown) => setError(pressFailure(err)))
      .finally(() => {
        inFlight.current = false;
        setPending(null);
        setLocating(false);
      });
  };

  const workLocations = shown?.workLocations ?? [];

  return (
    <>
      <Card withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto" w="100%" data-testid="clock-card">
        {shown ? (
          <ClockFace
            identity={identity}
            snapshot={shown}
            pending={pending}
            locating={locating}
            error={error?.text ?? null}
            errorTitle={error?.title ?? null}
            onAction={run}
            notes={
              <>
                <OfflineNote online={online} snapshot={shown} timeZone={identity.timezone} now={now} />
                <OutboxNotices view={outbox} timeZone={identity.timezone} now={now} onDismiss={dismiss} />
              </>
            }
            queue={<OutboxQueue view={outbox} timeZone={identity.timezone} now={now} />}
          />
        ) : status.isError && !confirmed ? (
          <Stack>
            <Title order={1} fz={22}>
              Clock
            </Title>
            <FormAlert>{isNetworkFailure(status.error) ? NEVER_SEEN_OFFLINE : clockFailureText(status.error)}</FormAlert>
            <Group>
              <Button variant="light" onClick={() => void status.refetch()}>
                Try again
              </Button>
            </Group>
          </Stack>
        ) : (
          <Center py="xl" mih={{ base: 330, sm: 344 }}>
            <Loader aria-label="Loading the clock" />
          </Center>
        )}
      </Card>
      {workLocations.length > 0 ? (
        <Text size="xs" c="dimmed" maw={480} mx="auto" w="100%" px={{ base: 'md', sm: 0 }} data-testid="clock-privacy-note">
          {privacyNoteText(workLocations)}
        </Text>
      ) : null}
    </>
  );
}
