import { Alert } from '@mantine/core';
import { formatTime24 } from '@/lib/company-time';
import { useOvertimeSince } from '../api/get-overtime-since';
import type { ClockState } from '../api/get-clock-status';

/** 'You are in overtime since 17:12': the instant on the company clock, 24-hour (issue 37). */
export const overtimeSinceText = (since: string, timeZone: string): string =>
  `You are in overtime since ${formatTime24(since, timeZone)}`;

interface OvertimeNoticeProps {
  eid: number | null;
  state: ClockState;
  trackingNumber: number | null;
  /** Today on the company clock, 'YYYY-MM-DD'. */
  today: string;
  timeZone: string;
}

/**
 * Issue 37: while clocked in or on a break, the day's pay hours are read every minute; once the
 * running shift is paid 1.5x or 2x the card says since when. Nothing shows otherwise, nor when the
 * read fails (the clock itself is what matters here).
 */
export function OvertimeNotice({ eid, state, trackingNumber, today, timeZone }: OvertimeNoticeProps) {
  const working = state === 1 || state === 2;
  const query = useOvertimeSince({ eid, trackingNumber, today }, working);
  const since = working ? (query.data?.overtimeSince ?? null) : null;
  if (!since) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      data-testid="overtime-since"
      // The text colour: a light alert's own shade fails WCAG AA on its background (as FormAlert).
      styles={{ message: { color: 'var(--mantine-color-text)', fontWeight: 600 } }}
    >
      {overtimeSinceText(since, timeZone)}
    </Alert>
  );
}
