import { z } from '@/lib/zod';

/**
 * The answers of the report calls (docs/contracts/calendar-celebrations-reports.md, "Reports").
 * Hours are exact decimals of hundredths the server worked out from minutes (overtime rounded
 * down, the rest half up, 000 §9); totals are the server's own sums, never added up here. The
 * minutes beside them are read when present; the screens show hours.
 */

const text = z.string().nullable().optional().transform((v) => v ?? '');
const minutes = z.number().nullable().optional().transform((v) => v ?? 0);

/** The three reports the screen knows how to show. */
export const REPORT_TYPES = ['summary', 'timesheet', 'pto'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const isReportType = (value: unknown): value is ReportType => (REPORT_TYPES as readonly unknown[]).includes(value);

export const ptoTypeRefSchema = z.object({ id: z.number().int(), name: text });
export type PtoTypeRef = z.output<typeof ptoTypeRefSchema>;

/** An employee in the caller's reach; status 0 = terminated (still reportable). */
export const reportEmployeeSchema = z.object({
  id: z.number().int(),
  firstname: text,
  lastname: text,
  status: z.number().int().nullable().optional().transform((v) => v ?? 1),
});
export type ReportEmployee = z.output<typeof reportEmployeeSchema>;

/** GET /report/data: what the filter bar offers. Report types the screen does not know are left out. */
export const reportDataSchema = z.object({
  reportTypes: z
    .array(z.object({ value: z.string(), label: z.string() }))
    .transform((types) => types.filter((t): t is { value: ReportType; label: string } => isReportType(t.value))),
  employees: z.array(reportEmployeeSchema),
  ptoTypes: z.array(ptoTypeRefSchema).optional().transform((v) => v ?? []),
  payPeriodStart: z.string().nullable().optional().transform((v) => v ?? null),
  payPeriodEnd: z.string().nullable().optional().transform((v) => v ?? null),
  maxDays: z.number().int().positive().nullable().optional().transform((v) => v ?? 366),
});
export type ReportData = z.output<typeof reportDataSchema>;

/** Time off of one type: minutes and hours. */
export const ptoByTypeSchema = z.object({ ptoTypeId: z.number().int(), minutes, hours: z.number() });
export type PtoByType = z.output<typeof ptoByTypeSchema>;

const person = {
  employeeId: z.number().int(),
  firstname: text,
  lastname: text,
  status: z.number().int().nullable().optional().transform((v) => v ?? 1),
};

const summaryFigures = {
  workedMinutes: minutes,
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  /** Under daily overtime rules only (issue 37); not part of the overtime. */
  doubleTimeMinutes: minutes,
  holidayMinutes: minutes,
  ptoMinutes: minutes,
  /** One per report type of time off, in the order of `ptoTypes`. */
  pto: z.array(ptoByTypeSchema),
  regularHours: z.number(),
  overtimeHours: z.number(),
  /** 0 from a server from before double time. */
  doubleTimeHours: z.number().nullable().optional().transform((v) => v ?? 0),
  holidayHours: z.number(),
  ptoHours: z.number(),
  subtotalHours: z.number(),
};

export const summaryRowSchema = z.object({ ...person, ...summaryFigures });
export type SummaryRow = z.output<typeof summaryRowSchema>;

/** GET /report/summary-report-data. */
export const summaryReportSchema = z.object({
  start: z.string(),
  end: z.string(),
  ptoTypes: z.array(ptoTypeRefSchema),
  rows: z.array(summaryRowSchema),
  totals: z.object(summaryFigures),
});
export type SummaryReport = z.output<typeof summaryReportSchema>;

/** A shift: `clockIn`/`clockOut` are the company's wall time 'YYYY-MM-DD HH:mm:ss' (clockOut null while open). */
export const shiftSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  clockIn: z.string(),
  clockOut: z.string().nullable().optional().transform((v) => v ?? null),
  breakMinutes: minutes,
  workedMinutes: minutes,
  workedHours: z.number(),
});
export type Shift = z.output<typeof shiftSchema>;

export const timesheetEmployeeSchema = z.object({
  ...person,
  shifts: z.array(shiftSchema),
  workedMinutes: minutes,
  workedHours: z.number(),
  overtimeMinutes: minutes,
  overtimeHours: z.number(),
  /** Issue 37: double time (2×), only under daily rules; 0 from an older server. */
  doubleTimeHours: z.number().nullable().optional().transform((v) => v ?? 0),
});
export type TimesheetEmployee = z.output<typeof timesheetEmployeeSchema>;

/** GET /report/timesheet-report-data. */
export const timesheetReportSchema = z.object({
  start: z.string(),
  end: z.string(),
  employees: z.array(timesheetEmployeeSchema),
  totals: z.object({
    workedMinutes: minutes,
    workedHours: z.number(),
    overtimeMinutes: minutes,
    overtimeHours: z.number(),
    doubleTimeHours: z.number().nullable().optional().transform((v) => v ?? 0),
  }),
});
export type TimesheetReport = z.output<typeof timesheetReportSchema>;

/** An approved request; `minutes`/`hours` count only the part inside the report's range. */
export const ptoReportRequestSchema = z.object({
  id: z.number().int(),
  ptoTypeId: z.number().int(),
  typeName: text,
  start: z.string(),
  end: z.string(),
  minutes,
  hours: z.number(),
});
export type PtoReportRequest = z.output<typeof ptoReportRequestSchema>;

export const ptoReportEmployeeSchema = z.object({
  ...person,
  requests: z.array(ptoReportRequestSchema),
  byType: z.array(ptoByTypeSchema),
  totalMinutes: minutes,
  totalHours: z.number(),
});
export type PtoReportEmployee = z.output<typeof ptoReportEmployeeSchema>;

/** GET /report/pto-report-data. */
export const ptoReportSchema = z.object({
  start: z.string(),
  end: z.string(),
  ptoTypes: z.array(ptoTypeRefSchema).optional().transform((v) => v ?? []),
  employees: z.array(ptoReportEmployeeSchema),
  totals: z.object({ byType: z.array(ptoByTypeSchema), totalMinutes: minutes, totalHours: z.number() }),
});
export type PtoReport = z.output<typeof ptoReportSchema>;

/** A report as the screen holds it: its type beside the answer of that type's call. */
export type Report =
  | { type: 'summary'; data: SummaryReport }
  | { type: 'timesheet'; data: TimesheetReport }
  | { type: 'pto'; data: PtoReport };
