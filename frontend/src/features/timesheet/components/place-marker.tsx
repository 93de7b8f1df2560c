import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { formatTime } from '@/lib/company-time';
import type { Entry, HistoryEntry } from '../api/schemas';
import { ACTION_LABELS } from './labels';

/**
 * Presses flagged by a work location's rule (issue 40): accepted, but made outside the place (or
 * from an address) the person is held to, with the reason the server gave. Orange, filled, with
 * automatic text contrast (dark text on orange.6 passes WCAG AA).
 */
export const FLAGGED_COLOR = 'orange.6';
export const FLAGGED_TEXT = 'Flagged';
export const KIOSK_TEXT = 'Kiosk';

const BADGE_STYLE = { textTransform: 'none' } as const;

/** The shift's presses a work location's rule flagged, in order. */
export const flaggedPresses = (entry: Pick<Entry, 'history'>): HistoryEntry[] => entry.history.filter((press) => press.placeFlag !== null);

const pressName = (press: HistoryEntry): string => ACTION_LABELS[press.actionType] ?? press.actionType;

/** 'Clock In at 09:02 AM: 412 m outside Main Office, ±35 m' (the time on the company clock). */
export const flaggedPressText = (press: HistoryEntry, timeZone: string): string =>
  `${pressName(press)} at ${formatTime(press.actionDate, timeZone)}: ${press.placeFlag ?? ''}`;

/**
 * The shift row's marker when any of its presses was flagged: a small orange 'Flagged' badge, its
 * tooltip (and accessible name) saying which presses and why. Nothing on a shift without any.
 */
export function FlaggedBadge({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  const flagged = flaggedPresses(entry);
  if (flagged.length === 0) return null;
  const text = flagged.map((press) => flaggedPressText(press, timeZone)).join('; ');
  return (
    <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color={FLAGGED_COLOR}
        variant="filled"
        autoContrast
        size="sm"
        style={BADGE_STYLE}
        tabIndex={0}
        aria-label={`${FLAGGED_TEXT}: ${text}`}
        data-testid="flagged-badge"
      >
        {FLAGGED_TEXT}
      </Badge>
    </Tooltip>
  );
}

/**
 * What the details' Activity line of one press adds: 'Kiosk' for a press made on a kiosk, and
 * 'Flagged' with the reason in plain text for a flagged one.
 */
export function PressMarks({ press }: { press: HistoryEntry }) {
  if (press.source !== 'kiosk' && press.placeFlag === null) return null;
  return (
    <Group gap={6} mt={2} wrap="wrap">
      {press.source === 'kiosk' ? (
        <Badge color="gray.7" variant="filled" autoContrast size="sm" style={BADGE_STYLE} data-testid="press-kiosk">
          {KIOSK_TEXT}
        </Badge>
      ) : null}
      {press.placeFlag !== null ? (
        <>
          <Badge color={FLAGGED_COLOR} variant="filled" autoContrast size="sm" style={BADGE_STYLE} data-testid="press-flagged">
            {FLAGGED_TEXT}
          </Badge>
          <Text span size="sm" data-testid="press-flag-reason">
            {press.placeFlag}
          </Text>
        </>
      ) : null}
    </Group>
  );
}
