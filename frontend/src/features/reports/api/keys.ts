import type { ReportFilter } from './filter';

/** Query keys of the reports; a report is keyed by its filter, so running the same filter again asks again only when invalidated. */
export const reportKeys = {
  all: ['reports'] as const,
  data: () => ['reports', 'data'] as const,
  payPeriods: () => ['reports', 'pay-periods'] as const,
  report: (filter: ReportFilter) =>
    ['reports', 'report', filter.type, { start: filter.start, end: filter.end, empids: filter.employeeIds.join(',') }] as const,
  /** The report before the first run: nothing is asked. */
  none: ['reports', 'report', 'none'] as const,
};
