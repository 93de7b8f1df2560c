import { formatDateTime, wallClockIn } from '@/lib/company-time';
import { slashDate, timeOffDates } from '@/lib/time-off';
import type { PtoTypeRef, ReportEmployee, ReportType } from '../api/schemas';

/** Hours as the reports show them: two decimals ('12.50'); the server already rounded them (000 §9). */
export const formatHours = (hours: number): string => hours.toFixed(2);

interface Named {
  firstname: string;
  lastname: string;
  status?: number;
}

export const isTerminated = (person: Pick<Named, 'status'>): boolean => person.status === 0;

/** 'Emma Brooks', or 'Emma Brooks (terminated)' for someone no longer employed. */
export function personName(person: Named): string {
  const name = `${person.firstname} ${person.lastname}`.trim();
  return isTerminated(person) ? `${name} (terminated)` : name;
}

/** Names sort by last name, then first name (as the dashboard's), case and accents aside. */
export const byLastName = (a: Named, b: Named): number =>
  a.lastname.localeCompare(b.lastname, undefined, { sensitivity: 'base' }) || a.firstname.localeCompare(b.firstname, undefined, { sensitivity: 'base' });

/** The sort key of a name column. */
export const nameKey = (person: Named): string => `${person.lastname}\u0000${person.firstname}`;

export const statusLabel = (person: Pick<Named, 'status'>): string => (isTerminated(person) ? 'Terminated' : 'Active');

/** 'MM/DD/YYYY' of a day 'YYYY-MM-DD' (000 §9). */
export const formatDay = (isoDate: string): string => slashDate(isoDate.slice(0, 10));

/** 'MM/DD/YYYY – MM/DD/YYYY': a range of days, first and last included. */
export const formatPeriod = (period: { start: string; end: string }): string => `${formatDay(period.start)} – ${formatDay(period.end)}`;

/** 'MM/DD/YYYY' of an instant (ISO, UTC) on the company's calendar. */
export function formatInstantDay(instant: string, timeZone?: string): string {
  const w = wallClockIn(instant, timeZone);
  return `${w.month}/${w.day}/${w.year}`;
}

/** 'MM/DD/YYYY hh:mm A' of an instant (ISO, UTC) on the company's clock. */
export const formatInstant = (instant: string, timeZone?: string): string => formatDateTime(instant, timeZone);

/** 'hh:mm A' of the company's wall time 'YYYY-MM-DD HH:mm:ss'; the date too when it is not the shift's day. */
export function formatClock(local: string | null, shiftDate: string): string {
  if (!local) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})/.exec(local.trim());
  if (!match) return local;
  const [, day = '', h = '0', m = '00'] = match;
  const hour = Number(h) % 24;
  const time = `${String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0')}:${m} ${hour < 12 ? 'AM' : 'PM'}`;
  return day === shiftDate.slice(0, 10) ? time : `${formatDay(day)} ${time}`;
}

/** A break's length: '30 min', '1 hr 15 min', '—' for none. */
export function formatBreak(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m === 0) return '—';
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/**
 * A time-off request's days: 'MM/DD/YYYY – MM/DD/YYYY' for whole days, with the times for part of
 * a day (a start other than midnight or an end other than 23:59 on the same day).
 */
export function formatRequestDates(start: string, end: string): string {
  const startTime = start.slice(11, 16);
  const endTime = end.slice(11, 16);
  const partial = start.slice(0, 10) === end.slice(0, 10) && !!startTime && !!endTime && (startTime !== '00:00' || endTime !== '23:59');
  return timeOffDates(start, end, partial);
}

/** The name of a type of time off by its id; the request's own name, then 'Type {id}', when the list lacks it. */
export function ptoTypeName(types: readonly PtoTypeRef[], id: number, fallback?: string): string {
  return types.find((t) => t.id === id)?.name || fallback || `Type ${id}`;
}

export const REPORT_TYPE_LABELS: Record<ReportType, string> = { summary: 'Summary', timesheet: 'Timesheet', pto: 'PTO' };

/** 'Everyone', or the chosen people's names (in the order chosen). */
export function employeesSummary(ids: readonly number[], employees: readonly ReportEmployee[]): string {
  if (ids.length === 0) return 'Everyone';
  return ids
    .map((id) => {
      const employee = employees.find((e) => e.id === id);
      return employee ? personName(employee) : `Employee ${id}`;
    })
    .join(', ');
}
