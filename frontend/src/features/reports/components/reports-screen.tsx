import './reports-print.css';
import { Loader, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { LoadErrorModal } from '@/components/load-error-modal';
import { ApiError } from '@/lib/api-client';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { useDownloadReportFile, type ReportDownload } from '../api/export';
import { filterErrors, sameFilter, type ExportFormat, type ReportFilter } from '../api/filter';
import { reportKeys } from '../api/keys';
import { useReport, useReportData } from '../api/reports';
import type { ReportType } from '../api/schemas';
import { ExportButtons } from './export-buttons';
import { FilterBar, type DateRange, type FilterErrors } from './filter-bar';
import { FilterSummary, ReportResult } from './report-result';

/** The server's field names of the report, export and payroll calls. */
const SERVER_FIELDS = ['type', 'start', 'end', 'empids', 'date', 'format'] as const;

/** A failed call's messages on the filter bar (per field) and above the report (the rest). */
function failureOf(error: unknown): { fields: FilterErrors; message: string | null } {
  if (!error) return { fields: {}, message: null };
  const { fieldErrors, message: rest } = formFailure(error, SERVER_FIELDS);
  // A 400 with field errors speaks on the fields (and names the rest); otherwise the server's
  // message for a refusal, the generic one for a failure (000 §8).
  const message = error instanceof ApiError && error.hasFieldErrors ? rest : serverMessage(error);
  const fields: FilterErrors = {
    type: fieldErrors.type ?? fieldErrors.format,
    dates: fieldErrors.start ?? fieldErrors.end ?? fieldErrors.date,
    employees: fieldErrors.empids,
  };
  return { fields, message };
}

/**
 * /admin/reports (002 §1, contract "Reports"): a filter bar, then the chosen report as tables one
 * sorts by clicking their headers, with the server's totals. The filter's range starts as the
 * current pay period. 'Export CSV' / 'Export XLSX' download the filter's report, 'Payroll CSV' the
 * pay period holding the range's first day; 'Print' prints only the report.
 */
export function ReportsScreen() {
  const queryClient = useQueryClient();
  const data = useReportData();
  // Until the person picks, the type is the first the server offers and the range its pay period.
  const [pickedType, setType] = useState<ReportType | null>(null);
  const [pickedRange, setRange] = useState<DateRange | null>(null);
  const [employeeIds, setEmployeeIds] = useState<string[]>([]);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [ran, setRan] = useState<ReportFilter | null>(null);
  const report = useReport(ran);
  const download = useDownloadReportFile();

  const type: ReportType = pickedType ?? data.data?.reportTypes[0]?.value ?? 'summary';
  const range: DateRange = pickedRange ?? [data.data?.payPeriodStart ?? null, data.data?.payPeriodEnd ?? null];
  const maxDays = data.data?.maxDays ?? 366;
  const filter: ReportFilter = { type, start: range[0], end: range[1], employeeIds: employeeIds.map(Number) };

  /** The filter when it may be sent; otherwise its problems are shown and null returned. */
  const checked = (): ReportFilter | null => {
    const problems = filterErrors(filter, maxDays);
    setClientErrors(problems);
    return Object.keys(problems).length === 0 ? filter : null;
  };

  const run = () => {
    const next = checked();
    if (!next) return;
    download.reset();
    if (sameFilter(next, ran)) void queryClient.invalidateQueries({ queryKey: reportKeys.report(next) });
    else setRan(next);
  };

  const save = (request: (filter: ReportFilter) => ReportDownload) => {
    const next = checked();
    if (next) download.mutate(request(next));
  };
  const exportAs = (format: ExportFormat) => save((f) => ({ kind: 'export', filter: f, format }));
  const pending = download.isPending ? download.variables : undefined;
  const isSaving = (kind: ReportDownload['kind'], format?: ExportFormat) =>
    pending?.kind === kind && (pending.kind !== 'export' || pending.format === format);

  // The last failure (a download, else the report) speaks on the filter bar; the client's own first.
  const failure = failureOf(download.error ?? report.error);
  const errors: FilterErrors = {
    type: failure.fields.type,
    dates: clientErrors.start ?? failure.fields.dates,
    employees: failure.fields.employees,
  };
  const shown = report.data;

  return (
    <Stack gap="lg" className="tk-report-print" data-testid="reports-screen">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Reports
      </Title>

      <Paper withBorder radius="md" p="md" className="tk-no-print">
        <Stack gap="md">
          <FilterBar
            data={data.data}
            type={type}
            onTypeChange={setType}
            range={range}
            onRangeChange={setRange}
            employeeIds={employeeIds}
            onEmployeesChange={setEmployeeIds}
            errors={errors}
            running={report.isFetching}
            onRun={run}
          />
          <ExportButtons
            isSaving={isSaving}
            busy={download.isPending}
            onExport={exportAs}
            onPayroll={() => save((f) => ({ kind: 'payroll', filter: f }))}
            canPrint={Boolean(shown)}
          />
        </Stack>
      </Paper>

      {failure.message ? <FormAlert>{failure.message}</FormAlert> : null}

      {ran ? (
        <Stack gap="md" component="section" aria-label="Report" aria-busy={report.isFetching}>
          {report.isPending ? (
            <Loader size="sm" role="status" aria-label="Loading the report" />
          ) : shown ? (
            <>
              <FilterSummary filter={ran} data={data.data} />
              <ReportResult report={shown} />
            </>
          ) : null}
        </Stack>
      ) : null}

      <LoadErrorModal error={data.error} />
    </Stack>
  );
}
