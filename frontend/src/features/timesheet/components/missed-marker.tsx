import { Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { useAcceptMissedPunch } from '../api/accept-missed-punch';
import type { Entry, MissedPunchKind } from '../api/schemas';
import { failureMessage } from './labels';
import { canAcceptMissedPunch, type Viewer } from './row-actions';

/**
 * Missed punches (issue 40): a shift still open at the company's longest shift was closed by
 * Timekeep at its last known activity. While it waits for a correction or an 'accept as is' the
 * row carries a red badge (filled, automatic text contrast: WCAG AA); once settled, a grey one.
 */
export const MISSED_PUNCH_LABELS: Readonly<Record<MissedPunchKind, string>> = {
  clock_out: 'Missed clock-out',
  break_end: 'Missed break end',
};
export const MISSED_PUNCH_SETTLED = 'Missed punch settled';
export const MISSED_PUNCH_EXPLANATION =
  'Timekeep closed this shift at its last known activity. Until it is corrected or accepted it is paid in no payroll file.';
/** Under the details' alert on one's own shift: how to correct it. */
export const MISSED_PUNCH_OWN_HINT = "Use 'Request Edit' to send the real times.";

const BADGE_STYLE = { textTransform: 'none' } as const;
const READABLE = { message: { color: 'var(--mantine-color-text)' }, title: { color: 'var(--mantine-color-text)' } };

/** Whether the shift's missed punch still waits ('open'), was settled, or there is none. */
export function missedPunchState(entry: Pick<Entry, 'missedPunch' | 'missedOpen'>): 'open' | 'settled' | null {
  if (entry.missedPunch === null) return null;
  return entry.missedOpen ? 'open' : 'settled';
}

/** The settled badge's tooltip: 'The missed clock-out was corrected or accepted as is.' */
const settledText = (kind: MissedPunchKind): string => `The ${MISSED_PUNCH_LABELS[kind].toLowerCase()} was corrected or accepted as is.`;

/**
 * The shift row's marker: 'Missed clock-out' / 'Missed break end' in red while it waits, its
 * tooltip (and accessible name) saying what that means; 'Missed punch settled' in grey after.
 * Nothing on a shift Timekeep never closed.
 */
export function MissedPunchBadge({ entry }: { entry: Entry }) {
  const state = missedPunchState(entry);
  if (state === null || entry.missedPunch === null) return null;
  const open = state === 'open';
  const label = open ? MISSED_PUNCH_LABELS[entry.missedPunch] : MISSED_PUNCH_SETTLED;
  const text = open ? MISSED_PUNCH_EXPLANATION : settledText(entry.missedPunch);
  return (
    <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color={open ? 'red.9' : 'gray.7'}
        variant="filled"
        autoContrast
        size="sm"
        style={BADGE_STYLE}
        tabIndex={0}
        aria-label={`${label}: ${text}`}
        data-testid="missed-badge"
        data-state={state}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

/**
 * The details' word on a missed punch: a short alert while it waits, with 'Accept as is' for a
 * manager or admin looking at someone else's shift (one's own gets how to correct it instead); a
 * grey 'Missed punch settled' once settled.
 */
export function MissedPunchDetails({ entry, viewer }: { entry: Entry; viewer: Viewer }) {
  const accept = useAcceptMissedPunch();
  const [error, setError] = useState<string | null>(null);
  const state = missedPunchState(entry);
  if (state === null || entry.missedPunch === null) return null;
  if (state === 'settled') {
    return (
      <Group gap="xs" data-testid="details-missed" data-state="settled">
        <Badge color="gray.7" variant="filled" autoContrast style={BADGE_STYLE}>
          {MISSED_PUNCH_SETTLED}
        </Badge>
        <Text size="sm">{settledText(entry.missedPunch)}</Text>
      </Group>
    );
  }
  const mayAccept = canAcceptMissedPunch(viewer, entry);
  return (
    <Alert color="red" variant="light" role="status" title={MISSED_PUNCH_LABELS[entry.missedPunch]} styles={READABLE} data-testid="details-missed" data-state="open">
      <Stack gap="sm">
        <Text size="sm">{MISSED_PUNCH_EXPLANATION}</Text>
        {mayAccept ? null : <Text size="sm">{MISSED_PUNCH_OWN_HINT}</Text>}
        {error && !accept.isPending ? <FormAlert>{error}</FormAlert> : null}
        {mayAccept ? (
          <Group justify="flex-end">
            <Button
              size="xs"
              loading={accept.isPending}
              onClick={() => {
                setError(null);
                accept.mutate(entry.id, {
                  onSuccess: () => notifications.show({ color: 'green', message: 'Accepted as is: the shift stands as Timekeep closed it.' }),
                  onError: (err) => setError(failureMessage(err)),
                });
              }}
            >
              Accept as is
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
