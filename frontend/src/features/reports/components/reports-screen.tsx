import './reports-print.css';
import { Divider, Loader, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { LoadErrorModal } from '@/components/load-error-modal';
import { ApiError } from '@/lib/api-client';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { isAdmin } from '@/lib/identity';
import { useSession } from '@/lib/session';
import { useDownloadReportFile } from '../api/export';
import { filterErrors, sameFilter, type ExportFormat, type PayrollLayout, type ReportFilter } from '../api/filter';
import { reportKeys } from '../api/keys';
import { defaultPayrollPeriod, usePayPeriods } from '../api/pay-periods';
import { useReport, useReportData } from '../api/reports';
import type { ReportType } from '../api/schemas';
import { ExportButtons } from './export-buttons';
import { FilterBar, type DateRange, type FilterErrors } from './filter-bar';
import { PayrollFile } from './payroll-file';
import { rangePresets } from './range-presets';
import { FilterSummary, ReportResult } from './report-result';

/** The server's field names of the report, export and payroll calls. */
const SERVER_FIELDS = ['type', 'start', 'end', 'empids', 'date', 'format', 'layout'] as const;

/**
 * A failed call's messages on its fields (the payroll file's period and layout on its own picker)
 * and above the report (the rest).
 */
function failureOf(error: unknown, payroll: boolean): { fields: FilterErrors; period?: string; message: string | null } {
  if (!error) return { fields: {}, message: null };
  const { fieldErrors, message: rest } = formFailure(error, SERVER_FIELDS);
  // A 400 with field errors speaks on the fields (and names the rest); otherwise the server's
  // message for a refusal, the generic one for a failure (000 §8).
  const message = error instanceof ApiError && error.hasFieldErrors ? rest : serverMessage(error);
  const dates = fieldErrors.start ?? fieldErrors.end ?? fieldErrors.date;
  const fields: FilterErrors = {
    type: fieldErrors.type ?? fieldErrors.format,
    dates: payroll ? undefined : dates,
    employees: fieldErrors.empids,
  };
  return { fields, period: payroll ? (dates ?? fieldErrors.layout) : undefined, message };
}

interface ReportsScreenProps {
  /** The company's today ('YYYY-MM-DD' in its zone), for the quick ranges. */
  today: string;
}

/**
 * /admin/reports (002 §1, contract "Reports"): a filter bar, then the chosen report as tables one
 * sorts by clicking their headers, with the server's totals. The filter's range starts as the
 * current pay period; quick ranges set it to a pay period, a month or the year so far. 'Export
 * CSV' / 'Export XLSX' download the filter's report, 'Print' prints only the report. The payroll
 * file (Timekeep's, or Gusto's hours import) is for one pay period picked apart from the range
 * (the last closed one by default), for the filter's employees; admins close that period for
 * payroll there and reopen it (issue 40), which everyone who sees reports can follow.
 */
export function ReportsScreen({ today }: ReportsScreenProps) {
  const queryClient = useQueryClient();
  const identity = useSession()?.identity;
  const data = useReportData();
  const payPeriods = usePayPeriods();
  // Until the person picks, the type is the first the server offers and the range its pay period.
  const [pickedType, setType] = useState<ReportType | null>(null);
  const [pickedRange, setRange] = useState<DateRange | null>(null);
  const [employeeIds, setEmployeeIds] = useState<string[]>([]);
  // The picked pay period by its first day: the list's fresh copy says whether it is closed.
  const [pickedPeriodStart, setPeriodStart] = useState<string | null>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [ran, setRan] = useState<ReportFilter | null>(null);
  const report = useReport(ran);
  const download = useDownloadReportFile();

  const type: ReportType = pickedType ?? data.data?.reportTypes[0]?.value ?? 'summary';
  const range: DateRange = pickedRange ?? [data.data?.payPeriodStart ?? null, data.data?.payPeriodEnd ?? null];
  const maxDays = data.data?.maxDays ?? 366;
  const filter: ReportFilter = { type, start: range[0], end: range[1], employeeIds: employeeIds.map(Number) };
  const presets = rangePresets(today, payPeriods.data ?? []);
  const period = payPeriods.data?.find((p) => p.start === pickedPeriodStart) ?? defaultPayrollPeriod(payPeriods.data ?? []);

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

  const exportAs = (format: ExportFormat) => {
    const next = checked();
    if (next) download.mutate({ kind: 'export', filter: next, format });
  };
  const downloadPayroll = (layout: PayrollLayout) => {
    if (period) download.mutate({ kind: 'payroll', period: { start: period.start, end: period.end }, employeeIds: filter.employeeIds, layout });
  };
  const pending = download.isPending ? download.variables : undefined;

  // The last failure (a download, else the report) speaks on its fields; the client's own first.
  const failure = download.error ? failureOf(download.error, download.variables?.kind === 'payroll') : failureOf(report.error, false);
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
            presets={presets}
            employeeIds={employeeIds}
            onEmployeesChange={setEmployeeIds}
            errors={errors}
            running={report.isFetching}
            onRun={run}
          />
          <ExportButtons
            isSaving={(format) => pending?.kind === 'export' && pending.format === format}
            busy={download.isPending}
            onExport={exportAs}
            canPrint={Boolean(shown)}
          />
          <Divider />
          <PayrollFile
            periods={payPeriods.data}
            period={period}
            onPeriodChange={(picked) => setPeriodStart(picked.start)}
            onDownload={downloadPayroll}
            isSaving={(layout) => pending?.kind === 'payroll' && (pending.layout ?? 'timekeep') === layout}
            busy={download.isPending}
            error={failure.period}
            canClose={identity ? isAdmin(identity) : false}
            timeZone={identity?.timezone}
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

      <LoadErrorModal error={data.error ?? payPeriods.error} />
    </Stack>
  );
}
