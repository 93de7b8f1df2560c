import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formatHoursMinutes, wallClockIn, wholeHours } from '@/lib/company-time';
import { greetingForHour, isoDateIn } from '@/lib/dates';
import type { Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { useNow } from '@/lib/use-now';
import type { ClockSnapshot, ClockState } from '../api/get-clock-status';
import type { ClockAction } from '../api/use-clock-action';
import {
  CLOCK_STATE_LABELS,
  clockButtons,
  clockInClosed,
  clockInStartsText,
  liveShiftMinutes,
  liveWeekMinutes,
  serverNow,
} from './clock-machine';
import { CLOCK_BUTTON_ID } from './clock-target';
import { OvertimeNotice } from './overtime-notice';

function timeText(now: number, timeZone: string): { time: string; date: string } {
  const wall = wallClockIn(now, timeZone);
  const hour = Number(wall.hour);
  const h12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  let date: string;
  try {
    date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(now);
  } catch {
    date = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(now);
  }
  return { time: `${h12}:${wall.minute}:${wall.second} ${hour < 12 ? 'AM' : 'PM'}`, date };
}

interface ClockFaceProps {
  identity: Identity;
  snapshot: ClockSnapshot;
  pending: ClockAction | null;
  /** The pending press waits for the phone's position (issue 40). */
  locating?: boolean;
  error: string | null;
  /** A title above the error, when it has one (a clock-in refused where the person is). */
  errorTitle?: string | null;
  onAction: (action: ClockAction) => void;
  /** Under the counters: offline, and what became of presses sent from the phone (issue 39). */
  notes?: ReactNode;
  /** Under the buttons: the presses waiting on the phone. */
  queue?: ReactNode;
}

/**
 * The clock's face: the greeting, the company clock ticking every second, the state, the shift's and
 * the week's worked time, since when the shift is in overtime (issue 37), the notices, and one big
 * button per action of the current state.
 */
/** What a pressed button says while the phone looks for its position. */
export const LOCATING_TEXT = 'Getting your location…';

/** The pressed button's loading state while the phone looks for its position: a spinner and why. */
function LocatingLoader() {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="clock-locating">
      <Loader size="sm" color="var(--button-color)" />
      <Text span fw={600} c="var(--button-color)" fz="md">
        {LOCATING_TEXT}
      </Text>
    </Group>
  );
}

export function ClockFace({ identity, snapshot, pending, locating = false, error, errorTitle = null, onAction, notes, queue }: ClockFaceProps) {
  const browserNow = useNow(1000);
  const isPhone = useIsPhone();
  const now = serverNow(snapshot, browserNow);
  const { time, date } = timeText(now, identity.timezone);
  const greeting = greetingForHour(Number(wallClockIn(now, identity.timezone).hour));
  const state = snapshot.status;
  const closed = clockInClosed(snapshot, now, identity.timezone);
  // A phone where the company turned mobile clock-in off: the server's refusal replaces the button.
  const mobileRefusal =
    isPhone && snapshot.mobileClockInDisabled && (state === 0 || state === 3) ? (snapshot.errors[0] ?? null) : null;
  const notices = snapshot.errors.filter((message) => message !== mobileRefusal);

  // A pressed button is disabled while its change runs and then gives way to the next state's
  // buttons: someone on the keyboard would be left on the page's body. The state a button was
  // pressed in (with the focus on the clock) is kept until the new state shows, or the change fails.
  const actions = useRef<HTMLDivElement>(null);
  const pressedIn = useRef<ClockState | null>(null);
  const press = (action: ClockAction) => {
    pressedIn.current = actions.current?.contains(document.activeElement) ? state : null;
    onAction(action);
  };
  useEffect(() => {
    const pressed = pressedIn.current;
    if (pressed === null || pending !== null) return;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || (focused instanceof HTMLButtonElement && focused.disabled);
    if (lost) document.getElementById(CLOCK_BUTTON_ID)?.focus();
    if (state !== pressed || error || !actions.current) pressedIn.current = null;
  });

  return (
    <Stack gap="lg" align="stretch">
      <Stack gap={4} align="center">
        <Title order={1} fz={{ base: 22, sm: 26 }} ta="center">
          {identity.firstname ? `${greeting}, ${identity.firstname}` : greeting}
        </Title>
        <Text fz={{ base: 40, sm: 48 }} fw={700} lh={1.1} ta="center" data-testid="clock-time" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {time}
        </Text>
        <Text c="dimmed" ta="center" data-testid="clock-date">
          {date}
        </Text>
        <Badge
          size="lg"
          variant="filled"
          autoContrast
          color={state === 1 ? 'green.9' : state === 2 ? 'yellow.4' : 'gray.7'}
          mt="xs"
          data-testid="clock-state"
        >
          {CLOCK_STATE_LABELS[state]}
        </Badge>
      </Stack>

      <SimpleGrid cols={2} spacing="sm">
        <Card withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed" ta="center">
            {state === 3 ? 'Last shift' : 'This shift'}
          </Text>
          <Text fz={22} fw={700} ta="center" data-testid="shift-minutes">
            {formatHoursMinutes(liveShiftMinutes(snapshot, browserNow))}
          </Text>
        </Card>
        <Card withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed" ta="center">
            This week
          </Text>
          {/* Whole hours (spec 000 §9), written as the shift's time is: '7h' beside '7h 05m'. */}
          <Text fz={22} fw={700} ta="center" data-testid="week-hours">
            {`${wholeHours(liveWeekMinutes(snapshot, browserNow))}h`}
          </Text>
        </Card>
      </SimpleGrid>

      <OvertimeNotice
        eid={identity.eid}
        state={state}
        trackingNumber={snapshot.trackingNumber}
        today={isoDateIn(new Date(now), identity.timezone)}
        timeZone={identity.timezone}
      />

      {notes}
      {error ? <FormAlert title={errorTitle ?? undefined}>{error}</FormAlert> : null}
      {notices.map((message) => (
        <FormAlert key={message} color="yellow">
          {message}
        </FormAlert>
      ))}

      {mobileRefusal ? (
        <FormAlert color="yellow">{mobileRefusal}</FormAlert>
      ) : closed && snapshot.dayStartAt ? (
        <Button size="xl" fullWidth disabled data-testid="clock-in-closed">
          {clockInStartsText(snapshot.dayStartAt)}
        </Button>
      ) : (
        <Stack gap="sm" ref={actions}>
          {clockButtons(state).map((button) => (
            // Keyed by its place, not its action: the main button stays the same element from
            // one state to the next (Clock In becomes Clock Out), and so keeps the focus.
            <Button
              key={button.primary ? 'primary' : 'secondary'}
              id={button.primary ? CLOCK_BUTTON_ID : undefined}
              size="xl"
              h={64}
              fullWidth
              variant={button.primary ? 'filled' : 'outline'}
              color={button.action === 'end' ? 'red.9' : undefined}
              loading={pending === button.action}
              loaderProps={locating && pending === button.action ? { children: <LocatingLoader /> } : undefined}
              disabled={pending !== null && pending !== button.action}
              onClick={() => press(button.action)}
            >
              {button.label}
            </Button>
          ))}
          {/* The loader is hidden from screen readers: they hear why the press waits here. */}
          <VisuallyHidden role="status">{locating ? LOCATING_TEXT : ''}</VisuallyHidden>
        </Stack>
      )}
      {queue}
    </Stack>
  );
}
