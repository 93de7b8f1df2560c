import { useMutation } from '@tanstack/react-query';
import { api, type QueryValue } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/files';
import { exportQuery, payrollQuery, type ExportFormat, type PayrollLayout, type Period, type ReportFilter } from './filter';

/**
 * A file the reports screen downloads: the filter's report, or the payroll file of one pay period
 * for the filter's employees, in Timekeep's layout (the default) or Gusto's.
 */
export type ReportDownload =
  | { kind: 'export'; filter: ReportFilter; format: ExportFormat }
  | { kind: 'payroll'; period: Period; employeeIds: readonly number[]; layout?: PayrollLayout };

interface FileRequest {
  path: string;
  query: Record<string, QueryValue>;
  /** The name to save under when the answer's Content-Disposition names none. */
  fallbackName: string;
}

/** The call and query of a download (the contract's names for the fallback file name). */
export function fileRequest(download: ReportDownload): FileRequest {
  if (download.kind === 'export') {
    const { filter } = download;
    return {
      path: '/report/export',
      query: exportQuery(filter, download.format),
      fallbackName: `timekeep-${filter.type}-${filter.start ?? ''}-${filter.end ?? ''}.${download.format}`,
    };
  }
  const { period, layout = 'timekeep' } = download;
  return {
    path: '/report/payroll-export',
    query: payrollQuery(period, download.employeeIds, layout),
    fallbackName: `timekeep-${layout === 'gusto' ? 'gusto-hours' : 'payroll'}-${period.start}-${period.end}.csv`,
  };
}

/**
 * GET /report/export?type&start&end&empids&format or /report/payroll-export?start&end&empids&layout: the file,
 * asked for with the bearer token (as lib/files.ts does for stored files) and saved under the
 * name of its Content-Disposition. Returns that name.
 */
export async function downloadReportFile(download: ReportDownload): Promise<string> {
  const { path, query, fallbackName } = fileRequest(download);
  const { blob, headers } = await api.getFile(path, { query });
  const name = filenameFromDisposition(headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

export const useDownloadReportFile = () => useMutation({ mutationFn: downloadReportFile });
