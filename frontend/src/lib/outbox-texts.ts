import { wallClockIn } from './company-time';
import { PRESS_LABELS, type OutboxNotice, type PressAction } from './outbox';

/**
 * The words of presses made offline (issue 39), for the clock screen and the timesheets. Times are
 * on the company's clock, like the rest of the clock.
 */

export const SAVED_ON_PHONE = 'Saved on this phone: will be sent when you are back online';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** '9:02 AM' on the company clock. */
export function shortTime(instant: string | number, timeZone: string): string {
  const w = wallClockIn(instant, timeZone);
  const hour = Number(w.hour);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${w.minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Tue, Nov 24' on the company calendar. */
export function shortDate(instant: string | number, timeZone: string): string {
  const w = wallClockIn(instant, timeZone);
  return `${WEEKDAYS[w.weekday] ?? ''}, ${MONTHS[Number(w.month) - 1] ?? ''} ${Number(w.day)}`;
}

const sameDay = (a: string | number, b: string | number, timeZone: string): boolean => {
  const x = wallClockIn(a, timeZone);
  const y = wallClockIn(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
};

/** '9:02 AM' on the day of `now`, 'Tue, Nov 24 9:02 AM' on another. */
export function pressTimeText(instant: string | number, timeZone: string, now: number): string {
  return sameDay(instant, now, timeZone) ? shortTime(instant, timeZone) : `${shortDate(instant, timeZone)} ${shortTime(instant, timeZone)}`;
}

/** '1 press is not sent yet' / '2 presses are not sent yet'. */
export const unsentTitle = (count: number): string => (count === 1 ? '1 press is not sent yet' : `${count} presses are not sent yet`);

function amount(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/**
 * 'phone clock 10 min fast' / 'phone clock 3 min slow' (`skewSeconds` positive: the phone was
 * ahead of the server); empty under 2 seconds, which is the network's, not the phone's.
 */
export function skewText(skewSeconds: number | null | undefined): string {
  if (skewSeconds === null || skewSeconds === undefined || !Number.isFinite(skewSeconds)) return '';
  const seconds = Math.round(Math.abs(skewSeconds));
  if (seconds < 2) return '';
  return `phone clock ${amount(seconds)} ${skewSeconds > 0 ? 'fast' : 'slow'}`;
}

export const pressLabel = (action: PressAction | string): string => PRESS_LABELS[action as PressAction] ?? action;

/**
 * What became of a press once sent: 'Your Clock In of 9:02 AM went to your manager for approval:
 * …reason', 'Your Clock Out of 5:02 PM was not recorded: …reason', or (recorded)
 * 'Clock In of 9:02 AM: recorded (phone clock 10 min fast)'.
 */
export function noticeText(notice: OutboxNotice, timeZone: string, now: number): string {
  const what = `${pressLabel(notice.action)} of ${pressTimeText(notice.recordedAt, timeZone, now)}`;
  const reason = notice.reason?.trim();
  switch (notice.outcome) {
    case 'held':
      return `Your ${what} went to your manager for approval${reason ? `: ${reason}` : '.'}`;
    case 'refused':
      return `Your ${what} was not recorded${reason ? `: ${reason}` : '.'}`;
    case 'applied': {
      const skew = skewText(notice.skewSeconds);
      return `${what}: recorded${skew ? ` (${skew})` : ''}`;
    }
  }
}

/** A timesheet's press made offline (contract of issue 39: an entry's `offlinePresses`). */
export interface OfflinePressRecord {
  action: string;
  recordedAt: string;
  deviceTime: string;
  skewSeconds: number;
  receivedAt: string;
}

/** 'Clock Out made offline on the phone at 5:02 PM, sent 5:40 PM (phone clock 10 min fast)'. */
export function offlinePressText(press: OfflinePressRecord, timeZone: string): string {
  const made = shortTime(press.recordedAt, timeZone);
  const sent = sameDay(press.recordedAt, press.receivedAt, timeZone)
    ? shortTime(press.receivedAt, timeZone)
    : `${shortDate(press.receivedAt, timeZone)} ${shortTime(press.receivedAt, timeZone)}`;
  const skew = skewText(press.skewSeconds);
  return `${pressLabel(press.action)} made offline on the phone at ${made}, sent ${sent}${skew ? ` (${skew})` : ''}`;
}
