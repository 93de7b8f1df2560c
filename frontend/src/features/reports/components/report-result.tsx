import { Text } from '@mantine/core';
import { REPORT_TEXTS, type ReportFilter } from '../api/filter';
import type { Report, ReportData } from '../api/schemas';
import { employeesSummary, formatPeriod, REPORT_TYPE_LABELS } from './format';
import { PtoReportView } from './pto-report';
import { SummaryReportTable } from './summary-report';
import { TimesheetReportView } from './timesheet-report';

const isEmptyReport = (report: Report): boolean =>
  report.type === 'summary' ? report.data.rows.length === 0 : report.data.employees.length === 0;

/** The report run: its tables, or 'no data'. */
export function ReportResult({ report }: { report: Report }) {
  if (isEmptyReport(report)) {
    return (
      <Text c="dimmed" data-testid="report-empty">
        {REPORT_TEXTS.noData}
      </Text>
    );
  }
  switch (report.type) {
    case 'summary':
      return <SummaryReportTable report={report.data} />;
    case 'timesheet':
      return <TimesheetReportView report={report.data} />;
    case 'pto':
      return <PtoReportView report={report.data} />;
  }
}

/** 'Summary · 11/01/2026 – 11/14/2026 · Everyone': what the report shown was run for. */
export function FilterSummary({ filter, data }: { filter: ReportFilter; data: ReportData | undefined }) {
  const label = data?.reportTypes.find((t) => t.value === filter.type)?.label ?? REPORT_TYPE_LABELS[filter.type];
  return (
    <Text data-testid="filter-summary">
      <Text span fw={700}>
        {label} report
      </Text>
      {' · '}
      {filter.start && filter.end ? formatPeriod({ start: filter.start, end: filter.end }) : ''}
      {' · '}
      {employeesSummary(filter.employeeIds, data?.employees ?? [])}
    </Text>
  );
}
