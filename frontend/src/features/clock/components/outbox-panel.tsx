import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { correctedTime, type OutboxNotice, type OutboxView } from '@/lib/outbox';
import { noticeText, pressLabel, pressTimeText, SAVED_ON_PHONE, unsentTitle } from '@/lib/outbox-texts';
import type { ClockSnapshot, ClockStatus } from '../api/get-clock-status';
import { clockOffset } from '../api/offset';

// The text colour: a light alert's own shade fails WCAG AA on its background (as FormAlert).
const READABLE = { message: { color: 'var(--mantine-color-text)' }, title: { color: 'var(--mantine-color-text)' } };

/**
 * Offline, or showing the last status this phone knew: says so, and since when it is known.
 */
export function OfflineNote({ online, snapshot, timeZone, now }: { online: boolean; snapshot: ClockSnapshot; timeZone: string; now: number }) {
  if (online && !snapshot.fromPhone) return null;
  const updated = snapshot.fromPhone ? ` Last updated ${pressTimeText(snapshot.receivedAt, timeZone, now)}.` : '';
  return (
    <Alert color="gray" variant="light" role="status" data-testid="clock-offline" styles={READABLE}>
      {online ? `The server cannot be reached: this is what this phone last knew.${updated}` : `You are offline: presses are saved on this phone.${updated}`}
    </Alert>
  );
}

/**
 * The presses waiting on this phone, in order, each with the time it will be recorded at, and when
 * they will be sent.
 */
export function OutboxQueue({ view, timeZone, now }: { view: OutboxView<ClockStatus>; timeZone: string; now: number }) {
  if (view.entries.length === 0) return null;
  const when =
    view.blocked === 'unauthorized'
      ? 'Saved on this phone: will be sent when you sign in again'
      : view.blocked === 'server'
        ? 'Saved on this phone: will be sent again shortly'
        : SAVED_ON_PHONE;
  const measured = clockOffset.get();
  return (
    <Alert color="blue" variant="light" role="status" title={unsentTitle(view.entries.length)} data-testid="outbox" styles={READABLE}>
      <Stack gap={6}>
        <Text size="sm" data-testid="outbox-saved">
          {view.sending ? 'Sending…' : when}
        </Text>
        <List size="sm" spacing={2} data-testid="outbox-list">
          {view.entries.map((entry) => (
            <List.Item key={entry.key} data-testid="outbox-press">
              {`${pressLabel(entry.action)} at ${pressTimeText(correctedTime(entry.deviceTime, entry.serverOffsetMs ?? measured), timeZone, now)}`}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

function NoticeGroup({ notices, color, title, timeZone, now, onDismiss }: { notices: readonly OutboxNotice[]; color: string; title: string; timeZone: string; now: number; onDismiss: (keys: string[]) => void }) {
  if (notices.length === 0) return null;
  const outcome = notices[0]!.outcome;
  return (
    <Alert color={color} variant="light" role={outcome === 'applied' ? 'status' : 'alert'} title={title} data-testid="outbox-notice" data-outcome={outcome} styles={READABLE}>
      <Stack gap={6}>
        {notices.length === 1 ? (
          <Text size="sm">{noticeText(notices[0]!, timeZone, now)}</Text>
        ) : (
          <List size="sm" spacing={2}>
            {notices.map((notice) => (
              <List.Item key={notice.key}>{noticeText(notice, timeZone, now)}</List.Item>
            ))}
          </List>
        )}
        <Group>
          <Button size="compact-sm" variant="default" onClick={() => onDismiss(notices.map((n) => n.key))}>
            OK
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * What became of the presses sent from this phone: held for the manager (with why), refused (with
 * the server's word), or recorded. Shown until the person says OK, so the screen never changes
 * under them without a word.
 */
export function OutboxNotices({ view, timeZone, now, onDismiss }: { view: OutboxView<ClockStatus>; timeZone: string; now: number; onDismiss: (keys: string[]) => void }) {
  const held = view.notices.filter((n) => n.outcome === 'held');
  const refused = view.notices.filter((n) => n.outcome === 'refused');
  const applied = view.notices.filter((n) => n.outcome === 'applied');
  return (
    <>
      <NoticeGroup notices={refused} color="red" title="Not recorded" timeZone={timeZone} now={now} onDismiss={onDismiss} />
      <NoticeGroup notices={held} color="yellow" title="Sent to your manager" timeZone={timeZone} now={now} onDismiss={onDismiss} />
      <NoticeGroup notices={applied} color="green" title="Presses made offline were sent" timeZone={timeZone} now={now} onDismiss={onDismiss} />
    </>
  );
}
