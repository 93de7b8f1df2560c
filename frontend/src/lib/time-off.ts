/**
 * How time off reads wherever it shows (the PTO screen, the inbox, the folder), so the same request
 * reads the same everywhere. A request's `start` and `end` are already the company's wall time
 * ('YYYY-MM-DD HH:mm:ss'), so no zone applies.
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'MM/DD/YYYY' and 'hh:mm A' of the company's wall time 'YYYY-MM-DD[ HH:mm[:ss]]'. */
function splitLocal(local: string): { date: string; time: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2}))?/.exec(local.trim());
  if (!match) return { date: local, time: '' };
  const [, y, m, d, h, min] = match;
  const date = `${m}/${d}/${y}`;
  if (h === undefined || min === undefined) return { date, time: '' };
  const hour = Number(h) % 24;
  return { date, time: `${pad2(hour % 12 === 0 ? 12 : hour % 12)}:${min} ${hour < 12 ? 'AM' : 'PM'}` };
}

/** 'MM/DD/YYYY' of a calendar date 'YYYY-MM-DD'. */
export const slashDate = (isoDate: string): string => splitLocal(isoDate).date;

/**
 * The days of a time-off request (spec 000 §9 display formats): full days 'MM/DD/YYYY' or
 * 'MM/DD/YYYY – MM/DD/YYYY'; a partial day with its times, 'MM/DD/YYYY hh:mm A – hh:mm A'.
 */
export function timeOffDates(start: string, end: string, partialDay: boolean): string {
  const from = splitLocal(start);
  const to = splitLocal(end || start);
  if (partialDay && from.time && to.time) {
    return from.date === to.date ? `${from.date} ${from.time} – ${to.time}` : `${from.date} ${from.time} – ${to.date} ${to.time}`;
  }
  return from.date === to.date ? from.date : `${from.date} – ${to.date}`;
}

/**
 * Time off in hours (spec 000 §9: PTO minutes under 60 show as minutes): '45 min', '1 hr', '8 hrs',
 * '1.5 hrs', '1.67 hrs' (at most two decimals); `signed` adds '+' or '-' for a change to a balance.
 */
export function formatTimeOff(minutes: number, { signed = false }: { signed?: boolean } = {}): string {
  const m = Math.abs(Math.round(minutes));
  const sign = signed ? (minutes < 0 ? '-' : '+') : '';
  if (m < 60) return `${sign}${m} min`;
  const hours = Number((m / 60).toFixed(2));
  return `${sign}${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
}
