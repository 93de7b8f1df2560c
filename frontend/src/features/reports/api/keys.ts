import type { Period, ReportFilter } from './filter';

/** Query keys of the reports; a report is keyed by its filter, so running the same filter again asks again only when invalidated. */
export const reportKeys = {
  all: ['reports'] as const,
  data: () => ['reports', 'data'] as const,
  payPeriods: () => ['reports', 'pay-periods'] as const,
  /** Every pay period's lock, history and adjustments (GET /report/pay-period). */
  payPeriodDetails: () => ['reports', 'pay-period'] as const,
  payPeriodDetail: (period: Period) => ['reports', 'pay-period', { start: period.start, end: period.end }] as const,
  report: (filter: ReportFilter) =>
    ['reports', 'report', filter.type, { start: filter.start, end: filter.end, empids: filter.employeeIds.join(',') }] as const,
  /** The report before the first run: nothing is asked. */
  none: ['reports', 'report', 'none'] as const,
};
