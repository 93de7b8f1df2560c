import type { QueryValue } from '@/lib/api-client';
import { isIsoDate } from '@/lib/company-time';
import type { ReportType } from './schemas';

/** What the filter bar holds: a report type, a range of days ('YYYY-MM-DD') and the chosen employees (none = everyone). */
export interface ReportFilter {
  type: ReportType;
  start: string | null;
  end: string | null;
  employeeIds: readonly number[];
}

/** The server's texts (the contract's errors), shown before asking it too. */
export const REPORT_TEXTS = {
  datesRequired: 'Please choose a start and end date (YYYY-MM-DD)',
  rangeInvalid: 'Please choose an end date after the start date, within 366 days',
  noData: 'No data',
} as const;

/** The days a range covers, both ends counted: 2026-11-01 … 2026-11-14 is 14 days. */
export function daysCovered(start: string, end: string): number {
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
  return Math.round(day(end) - day(start)) + 1;
}

/**
 * The filter's problems by the server's field names (`start`), empty when it may be sent: both
 * dates are needed, the end not before the start, at most `maxDays` days in all.
 */
export function filterErrors(filter: Pick<ReportFilter, 'start' | 'end'>, maxDays: number): Record<string, string> {
  const { start, end } = filter;
  if (!isIsoDate(start) || !isIsoDate(end)) return { start: REPORT_TEXTS.datesRequired };
  if (end < start || daysCovered(start, end) > maxDays) {
    return { start: REPORT_TEXTS.rangeInvalid.replace('366', String(maxDays)) };
  }
  return {};
}

/** `empids`: the chosen ids comma-joined; left out for everyone. */
const empids = (ids: readonly number[]): string | undefined => (ids.length > 0 ? ids.join(',') : undefined);

/** The query of the three report calls: `type&start&end&empids`; a date is sent only when chosen (002 §5). */
export function reportQuery(filter: ReportFilter): Record<string, QueryValue> {
  return {
    type: filter.type,
    start: filter.start ?? undefined,
    end: filter.end ?? undefined,
    empids: empids(filter.employeeIds),
  };
}

export type ExportFormat = 'csv' | 'xlsx';

/** GET /report/export's query: the report's own and `format`. */
export const exportQuery = (filter: ReportFilter, format: ExportFormat): Record<string, QueryValue> => ({ ...reportQuery(filter), format });

/** A pay period by its first and last day ('YYYY-MM-DD'). */
export interface Period {
  start: string;
  end: string;
}

/** The payroll file's layout: Timekeep's own file, or Gusto's hours import CSV (docs/payroll-export.md). */
export type PayrollLayout = 'timekeep' | 'gusto';

/**
 * GET /report/payroll-export's query: exactly the chosen pay period, for the chosen employees;
 * `layout` only for another layout than Timekeep's own (the server's default).
 */
export const payrollQuery = (period: Period, employeeIds: readonly number[], layout: PayrollLayout = 'timekeep'): Record<string, QueryValue> => ({
  start: period.start,
  end: period.end,
  empids: empids(employeeIds),
  layout: layout === 'timekeep' ? undefined : layout,
});

/** Two filters ask for the same report. */
export const sameFilter = (a: ReportFilter | null, b: ReportFilter | null): boolean =>
  !!a && !!b && a.type === b.type && a.start === b.start && a.end === b.end && a.employeeIds.join(',') === b.employeeIds.join(',');
