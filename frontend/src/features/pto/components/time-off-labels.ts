import { timeOffDates as formatDays } from '@/lib/time-off';
import { hours } from '../api/employee-pto';
import { REQUEST_STATUS } from '../api/requests';

/** Texts of the PTO screen (spec 000 §8) and the ones it needs beyond the spec, in its voice. */
export const TIME_OFF_TEXTS = {
  noRequests: 'There is no time off request',
  nobodyOut: "Everyone's in! Nobody else is out in the next 30 days.",
  confirmTitle: 'Are you sure?',
  confirmCancelOrRemove: "Once you hit cancel/remove there's no going back!",
  notSetUp: 'PTO has not been set up for you yet. Please ask your admin.',
  unsupportedRemoval: "Can't be deleted because of unsupported history type!",
} as const;

/**
 * PTO minutes for people (spec 000 §9): under 60 minutes as 'N mins', otherwise hours with two
 * decimals ('7.50 hrs'), as the rest of the PTO screens show them.
 */
export function formatPtoMinutes(minutes: number): string {
  return Math.abs(minutes) < 60 ? `${minutes} mins` : `${hours(minutes)} hrs`;
}

/** 'hh:mm A' of a company-clock 'HH:mm' ('09:00' -> '09:00 AM', '13:30' -> '01:30 PM'). */
export function clockTime(hhmm: string): string {
  const [h = '0', m = '00'] = hhmm.split(':');
  const hour = Number(h) % 24;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(twelve).padStart(2, '0')}:${m.slice(0, 2).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The days of a stretch of time off, as they read everywhere (see `@/lib/time-off`). */
export const timeOffDates = (start: string, end: string, allday: boolean): string => formatDays(start, end, !allday);

/** Badge colours of the request states, filled (light badges fail contrast; see timesheet labels). */
export function statusColor(status: number): string {
  if (status === REQUEST_STATUS.approved) return 'green.9';
  if (status === REQUEST_STATUS.denied) return 'red.9';
  if (status === REQUEST_STATUS.cancelled) return 'gray.7';
  return 'yellow.4';
}
