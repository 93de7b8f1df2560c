import { Badge, List, Tooltip } from '@mantine/core';
import { offlinePressText } from '@/lib/outbox-texts';
import type { Entry } from '../api/schemas';

/**
 * A shift with presses made offline on a phone and sent later (issue 39): a small 'Offline' badge,
 * its tooltip saying which presses, when they were made and sent, and how far off the phone's
 * clock was. Nothing on a shift without any.
 */
export function OfflineBadge({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  if (entry.offlinePresses.length === 0) return null;
  const text = entry.offlinePresses.map((press) => offlinePressText(press, timeZone)).join('; ');
  return (
    <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color="gray.7"
        variant="filled"
        autoContrast
        size="sm"
        style={{ textTransform: 'none' }}
        tabIndex={0}
        aria-label={`Offline: ${text}`}
        data-testid="offline-badge"
      >
        Offline
      </Badge>
    </Tooltip>
  );
}

/** The details panel's lines: 'Clock Out made offline on the phone at 5:02 PM, sent 5:40 PM (phone clock 10 min fast)'. */
export function OfflinePressList({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  if (entry.offlinePresses.length === 0) return null;
  return (
    <List size="sm" spacing={4} data-testid="details-offline">
      {entry.offlinePresses.map((press) => (
        <List.Item key={`${press.action}-${press.recordedAt}`}>{offlinePressText(press, timeZone)}</List.Item>
      ))}
    </List>
  );
}
