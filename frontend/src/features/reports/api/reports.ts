import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportQuery, type ReportFilter } from './filter';
import { ptoReportSchema, reportDataSchema, summaryReportSchema, timesheetReportSchema, type Report, type ReportData, type ReportType } from './schemas';
import { reportKeys } from './keys';


/** GET /report/data: the report types, the employees in reach (terminated too), the PTO types and the pay period. */
export const getReportData = (): Promise<ReportData> => api.get('/report/data', { schema: reportDataSchema });

export const reportDataQueryOptions = () => queryOptions({ queryKey: reportKeys.data(), queryFn: getReportData });
export const useReportData = () => useQuery(reportDataQueryOptions());

/** The call of each report type. */
export const REPORT_PATHS: Record<ReportType, string> = {
  summary: '/report/summary-report-data',
  timesheet: '/report/timesheet-report-data',
  pto: '/report/pto-report-data',
};

/** GET /report/{summary,timesheet,pto}-report-data?type&start&end&empids: the report of the filter's type. */
export async function getReport(filter: ReportFilter, signal?: AbortSignal): Promise<Report> {
  const path = REPORT_PATHS[filter.type];
  const query = reportQuery(filter);
  switch (filter.type) {
    case 'summary':
      return { type: 'summary', data: await api.get(path, { query, signal, schema: summaryReportSchema }) };
    case 'timesheet':
      return { type: 'timesheet', data: await api.get(path, { query, signal, schema: timesheetReportSchema }) };
    case 'pto':
      return { type: 'pto', data: await api.get(path, { query, signal, schema: ptoReportSchema }) };
  }
}

export const reportQueryOptions = (filter: ReportFilter) =>
  queryOptions({ queryKey: reportKeys.report(filter), queryFn: ({ signal }) => getReport(filter, signal) });

/** The report of the last run filter; nothing is asked before the first run (`filter` null). */
export function useReport(filter: ReportFilter | null) {
  return useQuery({
    queryKey: filter ? reportKeys.report(filter) : reportKeys.none,
    queryFn: filter ? ({ signal }) => getReport(filter, signal) : skipToken,
  });
}
