import { Anchor, Badge, Box, Button, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { clearKioskSecret, isPinShaped, readKioskSecret } from '@/lib/kiosk';
import { uuidv7 } from '@/lib/outbox';
import { isRevoked } from '../api/client';
import { ACTION_DONE, actionsFor, KIOSK_ACTION_LABELS, useKioskPress, type KioskAction, type PressAnswer } from '../api/press';
import { byName, fullName, matchPeople, PERSON_STATE_LABELS, personState, useRoster, type KioskPerson, type PersonState } from '../api/roster';
import { KioskClock } from './kiosk-clock';
import { LeaveKioskModal, LEAVE_TITLE } from './leave-kiosk-modal';
import { PinPad } from './pin-pad';
import classes from './kiosk.module.css';

export const NOT_A_KIOSK = 'This device is not a kiosk. An admin registers kiosks under Settings → Kiosks.';
export const REVOKED = 'This kiosk was revoked. An admin can register it again.';
export const ROSTER_FAILED = 'Sorry, the kiosk could not read the list of people. It tries again every minute.';
export const NO_PEOPLE = 'There is nobody to show yet.';
export const OFFLINE_PRESS = 'The kiosk cannot reach the server. Check the network, then press OK again.';
export const noMatch = (search: string) => `Nobody matches “${search.trim()}”.`;

/** How long the success panel stays before the list comes back. */
export const DONE_MS = 4_000;
/** A person who walks away in the middle: the list comes back after this long without a tap. */
export const IDLE_MS = 60_000;

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'Ana Lopez — clocked in at 9:02 AM', at the server's time of the press shown on this device's clock. */
export function doneText(answer: PressAnswer, action: KioskAction, now: number = Date.now()): string {
  const at = answer.clock.serverTime ? Date.parse(answer.clock.serverTime) : Number.NaN;
  // '9:02 AM' with a plain space (newer ICU puts a narrow no-break space before AM and PM).
  const time = TIME.format(Number.isNaN(at) ? now : at).replace(/\u202f/g, ' ');
  return `${fullName(answer)} — ${ACTION_DONE[action]} at ${time}`;
}

const STATE_COLORS: Readonly<Record<PersonState, string>> = { in: 'green.9', break: 'yellow.4', out: 'gray.7' };
const STATE_SENTENCES: Readonly<Record<PersonState, string>> = {
  in: 'You are clocked in.',
  break: 'You are on a break.',
  out: 'You are not clocked in.',
};

/** A press that did not go through: what the PIN step says, and whether typing the PIN again can help. */
export interface PressFailure {
  text: string;
  /** Nothing a PIN changes (locked out, the clock refuses): only the way back is offered. */
  final: boolean;
}

export function pressFailure(error: unknown): PressFailure {
  if (!(error instanceof ApiError)) return { text: OFFLINE_PRESS, final: false };
  if (error.status === 403 && error.code === 'wrong_pin') return { text: error.message, final: false };
  if (error.status === 429) return { text: error.message, final: true };
  if (error.status === 409) return { text: `Sorry ${error.firstMessage}`, final: true };
  if (error.status === 404) return { text: 'Sorry, this person can no longer press at this kiosk.', final: true };
  if (error.status === 403) return { text: error.message, final: true };
  if (error.status < 500) return { text: `Sorry ${error.firstMessage}`, final: false };
  return { text: `Sorry ${GENERIC_FORM_ERROR}`, final: false };
}

/** A step's title takes the focus only so that reading goes on from there: it needs no ring. */
const FOCUS_TARGET = { outline: 'none' } as const;

type Step =
  | { kind: 'list' }
  | { kind: 'actions'; person: KioskPerson }
  | { kind: 'pin'; person: KioskPerson; action: KioskAction }
  | { kind: 'done'; text: string };

/**
 * /kiosk (issue 40): a shared device at a work location where people clock in with a PIN. It holds
 * no one's session: its calls carry the device's credential, which an admin's 'Open kiosk mode on
 * this device' left in this browser. Without one it says how a device becomes a kiosk.
 */
export function KioskScreen({ onLeft }: { onLeft: () => void }) {
  usePageTitle('Kiosk');
  const [secret, setSecret] = useState(() => readKioskSecret());
  if (!secret) return <NotAKiosk />;
  return (
    <KioskDevice
      key={secret}
      secret={secret}
      onForget={() => {
        clearKioskSecret();
        setSecret(null);
      }}
      onLeft={() => {
        clearKioskSecret();
        onLeft();
      }}
    />
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" id="main-content" mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'md', sm: 'xl' }}>
      <Container size="lg" px={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Container>
    </Box>
  );
}

function NotAKiosk() {
  return (
    <Frame>
      <Center mih="70vh">
        <Paper withBorder radius="lg" p="xl" maw={520} data-testid="kiosk-not-set">
          <Stack gap="md">
            <Title order={1} fz={28}>
              Kiosk
            </Title>
            <Text size="lg">{NOT_A_KIOSK}</Text>
            <Anchor component={Link} to="/login" size="lg">
              Go to the login page
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Frame>
  );
}

function Revoked({ onForget }: { onForget: () => void }) {
  return (
    <Frame>
      <Center mih="70vh">
        <Paper withBorder radius="lg" p="xl" maw={520} data-testid="kiosk-revoked">
          <Stack gap="md">
            <Title order={1} fz={28}>
              Kiosk revoked
            </Title>
            <Text size="lg" role="alert">
              {REVOKED}
            </Text>
            <Group>
              <Button size="lg" onClick={onForget}>
                Clear this kiosk
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Center>
    </Frame>
  );
}

function KioskDevice({ secret, onForget, onLeft }: { secret: string; onForget: () => void; onLeft: () => void }) {
  const roster = useRoster(secret);
  const press = useKioskPress(secret);
  const [revoked, setRevoked] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [search, setSearch] = useState('');
  const [pin, setPin] = useState('');
  const [failure, setFailure] = useState<PressFailure | null>(null);
  const [leaving, setLeaving] = useState(false);
  // The key of the press being sent: kept when the network failed (the same press sent again
  // counts once), dropped once the server answered.
  const pressKey = useRef<string | null>(null);

  const backToList = () => {
    setStep({ kind: 'list' });
    setPin('');
    setFailure(null);
    setSearch('');
    pressKey.current = null;
  };
  const backToListRef = useRef(backToList);
  useEffect(() => {
    backToListRef.current = backToList;
  });

  // The success panel gives way to the list; so does a person who walked away mid-way.
  const stepKind = step.kind;
  useEffect(() => {
    if (stepKind === 'list') return;
    const timer = setTimeout(() => backToListRef.current(), stepKind === 'done' ? DONE_MS : IDLE_MS);
    return () => clearTimeout(timer);
  }, [stepKind, pin, failure]);

  // Each step takes the focus where it starts (its title; the success panel's Done), so the
  // keyboard and screen readers follow the taps.
  const stepFocus = useRef<HTMLElement | null>(null);
  const focusHere = (element: HTMLElement | null) => {
    stepFocus.current = element;
  };
  const stepPerson = step.kind === 'actions' || step.kind === 'pin' ? step.person.id : null;
  const stepAction = step.kind === 'pin' ? step.action : null;
  useEffect(() => {
    stepFocus.current?.focus();
  }, [stepKind, stepPerson, stepAction]);

  const people = useMemo(() => [...(roster.data?.people ?? [])].sort(byName), [roster.data]);
  const shown = useMemo(() => matchPeople(people, search), [people, search]);

  if (revoked || isRevoked(roster.error)) return <Revoked onForget={onForget} />;

  const choosePerson = (person: KioskPerson) => {
    setFailure(null);
    setPin('');
    setStep({ kind: 'actions', person });
  };

  const submit = () => {
    if (step.kind !== 'pin' || !isPinShaped(pin) || press.isPending) return;
    const { person, action } = step;
    pressKey.current ??= uuidv7();
    setFailure(null);
    press.mutate(
      { employeeId: person.id, pin, action, key: pressKey.current },
      {
        onSuccess: (answer) => {
          pressKey.current = null;
          setPin('');
          setStep({ kind: 'done', text: doneText(answer, action) });
        },
        onError: (err) => {
          if (isRevoked(err)) {
            setRevoked(true);
            return;
          }
          // A press the server answered is over; one that never reached it may be sent again as is.
          if (err instanceof ApiError) {
            pressKey.current = null;
            setPin('');
          }
          setFailure(pressFailure(err));
        },
      },
    );
  };

  const header = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md" mb="lg">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 34 }} data-testid="kiosk-location" style={{ overflowWrap: 'anywhere' }}>
          {roster.data?.locationName ?? 'Kiosk'}
        </Title>
        {roster.data ? (
          <Text size="lg" c="dimmed" data-testid="kiosk-name">
            {roster.data.kioskName}
          </Text>
        ) : null}
      </Stack>
      <KioskClock />
    </Group>
  );

  let body: ReactNode;
  if (step.kind === 'list') {
    body = (
      <PeopleList
        people={people}
        shown={shown}
        search={search}
        onSearch={setSearch}
        loading={roster.isPending}
        failed={roster.isError && !roster.data}
        onRetry={() => void roster.refetch()}
        onChoose={choosePerson}
      />
    );
  } else if (step.kind === 'actions') {
    const state = personState(step.person.status);
    body = (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" data-testid="kiosk-actions">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz={{ base: 26, sm: 32 }} ref={focusHere} tabIndex={-1} style={FOCUS_TARGET}>
              {fullName(step.person)}
            </Title>
            <Text size="lg">{STATE_SENTENCES[state]}</Text>
          </Stack>
          <Stack gap="sm">
            {actionsFor(step.person.status).map((action, index) => (
              <Button
                key={action}
                size="xl"
                h={80}
                fullWidth
                variant={index === 0 && action !== 'end' ? 'filled' : 'outline'}
                onClick={() => {
                  setPin('');
                  setFailure(null);
                  setStep({ kind: 'pin', person: step.person, action });
                }}
              >
                {KIOSK_ACTION_LABELS[action]}
              </Button>
            ))}
          </Stack>
          <Button variant="default" size="lg" onClick={backToList}>
            Back
          </Button>
        </Stack>
      </Paper>
    );
  } else if (step.kind === 'pin') {
    const { person, action } = step;
    const final = failure?.final ?? false;
    body = (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" data-testid="kiosk-pin-step">
        <Stack gap="lg">
          <Title order={2} fz={{ base: 24, sm: 30 }} ta="center" ref={focusHere} tabIndex={-1} style={FOCUS_TARGET}>
            {fullName(person)} — {KIOSK_ACTION_LABELS[action]}
          </Title>
          {failure ? <FormAlert>{failure.text}</FormAlert> : null}
          {final ? null : (
            <PinPad
              label="Enter your PIN"
              value={pin}
              onChange={setPin}
              onSubmit={submit}
              onCancel={backToList}
              busy={press.isPending}
            />
          )}
          <Group grow gap="sm">
            {final ? null : (
              <Button variant="default" size="lg" onClick={() => setStep({ kind: 'actions', person })} disabled={press.isPending}>
                Back
              </Button>
            )}
            <Button variant={final ? 'filled' : 'default'} size="lg" onClick={backToList} disabled={press.isPending}>
              {final ? 'Back to the list' : 'Cancel'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  } else {
    body = null;
  }

  return (
    <Frame>
      {header}
      {/* The result of a press, announced; the panel itself shows inside. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {step.kind === 'done' ? (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto" bg="var(--mantine-color-green-0)" data-testid="kiosk-done">
            <Stack gap="lg" align="center">
              <Text fz={{ base: 24, sm: 32 }} fw={700} ta="center" data-testid="kiosk-done-text">
                {step.text}
              </Text>
              <Button size="xl" onClick={backToList} miw={200} ref={focusHere}>
                Done
              </Button>
            </Stack>
          </Paper>
        ) : null}
      </div>
      {body}
      {step.kind === 'list' ? (
        <Group justify="center" mt="xl">
          <Button variant="subtle" color="gray" c="var(--mantine-color-text)" fw={400} size="sm" onClick={() => setLeaving(true)}>
            {LEAVE_TITLE}
          </Button>
        </Group>
      ) : null}
      <LeaveKioskModal
        opened={leaving}
        secret={secret}
        onClose={() => setLeaving(false)}
        onLeft={onLeft}
        onRevoked={() => {
          setLeaving(false);
          setRevoked(true);
        }}
      />
    </Frame>
  );
}

interface PeopleListProps {
  people: KioskPerson[];
  shown: KioskPerson[];
  search: string;
  onSearch: (value: string) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onChoose: (person: KioskPerson) => void;
}

function PeopleList({ people, shown, search, onSearch, loading, failed, onRetry, onChoose }: PeopleListProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Find your name"
        placeholder="Name or employee number"
        type="search"
        size="lg"
        autoComplete="off"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maw={560}
      />
      {loading ? (
        <Center py="xl">
          <Loader aria-label="Loading the people" />
        </Center>
      ) : failed ? (
        <Stack gap="sm" align="flex-start">
          <FormAlert>{ROSTER_FAILED}</FormAlert>
          <Button variant="light" size="md" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      ) : people.length === 0 ? (
        <Text size="lg">{NO_PEOPLE}</Text>
      ) : shown.length === 0 ? (
        <Text size="lg" data-testid="kiosk-no-match">
          {noMatch(search)}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="People">
          {shown.map((person) => {
            const state = personState(person.status);
            const name = fullName(person);
            return (
              <li key={person.id}>
                <UnstyledButton
                  className={classes.tile}
                  w="100%"
                  h="100%"
                  aria-label={`${name}, ${PERSON_STATE_LABELS[state]}`}
                  data-testid="kiosk-person"
                  data-state={state}
                  onClick={() => onChoose(person)}
                >
                  <span className={classes.tileName}>{name}</span>{' '}
                  <Badge color={STATE_COLORS[state]} variant="filled" autoContrast size="lg" data-testid="kiosk-person-state">
                    {PERSON_STATE_LABELS[state]}
                  </Badge>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
