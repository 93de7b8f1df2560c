/**
 * Tests only: the report calls of docs/contracts/calendar-celebrations-reports.md as a fake server
 * at the fetch level, with builders for their answers. Routes can be replaced per test.
 */
import { mockFetch, response } from '@/testing/http';
import type { PayPeriod } from '../api/pay-periods';
import type { PeriodDetail } from '../api/period-closing';
import type { ReportData, PtoReport, SummaryReport, SummaryRow, TimesheetReport } from '../api/schemas';

export const VACATION = { id: 5, name: 'Vacation' };
export const SICK = { id: 6, name: 'Sick' };

export const EMMA = { id: 9, firstname: 'Emma', lastname: 'Brooks', status: 1 };
export const LIAM = { id: 12, firstname: 'Liam', lastname: 'Carter', status: 1 };
export const ZOE = { id: 11, firstname: 'Zoe', lastname: 'Young', status: 0 };

export const reportData = (fields: Partial<ReportData> = {}): ReportData => ({
  reportTypes: [
    { value: 'summary', label: 'Summary' },
    { value: 'timesheet', label: 'Timesheet' },
    { value: 'pto', label: 'PTO' },
  ],
  employees: [LIAM, EMMA, ZOE],
  ptoTypes: [VACATION, SICK],
  payPeriodStart: '2026-11-01',
  payPeriodEnd: '2026-11-14',
  maxDays: 366,
  ...fields,
});

/** The company's today in these tests: inside the current pay period below. */
export const TODAY = '2026-11-10';

/** A pay period of the list; open for payroll unless `fields` say otherwise. */
export const payPeriod = (start: string, end: string, closed: boolean, fields: Partial<PayPeriod> = {}): PayPeriod => ({
  start,
  end,
  closed,
  locked: false,
  lockedAt: null,
  lockedBy: null,
  lateChanges: false,
  ...fields,
});

/** Every two weeks: the current period (the report data's), then the ended ones, newest first; none closed for payroll. */
export const PAY_PERIODS: PayPeriod[] = [
  payPeriod('2026-11-01', '2026-11-14', false),
  payPeriod('2026-10-18', '2026-10-31', true),
  payPeriod('2026-10-04', '2026-10-17', true),
];

/** GET /report/pay-period's answer for a period of the list: its lock, no history, no adjustments unless `fields` say. */
export const periodDetail = (period: PayPeriod, fields: Partial<PeriodDetail> = {}): PeriodDetail => ({
  period: { start: period.start, end: period.end, locked: period.locked, lockedAt: period.lockedAt, lockedBy: period.lockedBy, lateChanges: period.lateChanges },
  history: [],
  adjustmentsIn: [],
  adjustmentsOut: [],
  ...fields,
});

const minutesOf = (hours: number) => Math.round(hours * 60);

export function summaryRow(
  person: { id: number; firstname: string; lastname: string; status: number },
  hours: { regular: number; overtime: number; doubleTime?: number; vacation: number; sick: number; holiday: number },
): SummaryRow {
  const doubleTime = hours.doubleTime ?? 0;
  const subtotal = Number((hours.regular + hours.overtime + doubleTime + hours.vacation + hours.sick + hours.holiday).toFixed(2));
  return {
    employeeId: person.id,
    firstname: person.firstname,
    lastname: person.lastname,
    status: person.status,
    workedMinutes: minutesOf(hours.regular + hours.overtime + doubleTime),
    regularMinutes: minutesOf(hours.regular),
    overtimeMinutes: minutesOf(hours.overtime),
    doubleTimeMinutes: minutesOf(doubleTime),
    holidayMinutes: minutesOf(hours.holiday),
    ptoMinutes: minutesOf(hours.vacation + hours.sick),
    pto: [
      { ptoTypeId: VACATION.id, minutes: minutesOf(hours.vacation), hours: hours.vacation },
      { ptoTypeId: SICK.id, minutes: minutesOf(hours.sick), hours: hours.sick },
    ],
    regularHours: hours.regular,
    overtimeHours: hours.overtime,
    doubleTimeHours: doubleTime,
    holidayHours: hours.holiday,
    ptoHours: hours.vacation + hours.sick,
    subtotalHours: subtotal,
  };
}

/**
 * Three rows and totals. The totals are the server's: they are deliberately not the sum of the rows
 * shown (as if someone outside the page were counted), so a page that added up rows would differ.
 */
export const summaryReport = (fields: Partial<SummaryReport> = {}): SummaryReport => ({
  start: '2026-11-01',
  end: '2026-11-14',
  ptoTypes: [VACATION, SICK],
  rows: [
    summaryRow(LIAM, { regular: 70.5, overtime: 2.25, vacation: 0, sick: 4, holiday: 8 }),
    summaryRow(EMMA, { regular: 80, overtime: 0.33, doubleTime: 1.5, vacation: 16, sick: 0, holiday: 8 }),
    summaryRow(ZOE, { regular: 12.75, overtime: 0, vacation: 0, sick: 0, holiday: 0 }),
  ],
  totals: {
    workedMinutes: 9999,
    regularMinutes: 9999,
    overtimeMinutes: 155,
    doubleTimeMinutes: 90,
    holidayMinutes: 960,
    ptoMinutes: 1200,
    pto: [
      { ptoTypeId: VACATION.id, minutes: 960, hours: 16 },
      { ptoTypeId: SICK.id, minutes: 240, hours: 4 },
    ],
    regularHours: 999.99,
    overtimeHours: 2.58,
    doubleTimeHours: 1.5,
    holidayHours: 16,
    ptoHours: 20,
    subtotalHours: 1038.57,
  },
  ...fields,
});

export const timesheetReport = (fields: Partial<TimesheetReport> = {}): TimesheetReport => ({
  start: '2026-11-01',
  end: '2026-11-14',
  employees: [
    {
      employeeId: EMMA.id,
      firstname: EMMA.firstname,
      lastname: EMMA.lastname,
      status: 1,
      shifts: [
        { id: 101, date: '2026-11-02', clockIn: '2026-11-02 09:03:00', clockOut: '2026-11-02 17:33:00', breakMinutes: 30, workedMinutes: 480, workedHours: 8 },
        { id: 102, date: '2026-11-03', clockIn: '2026-11-03 22:00:00', clockOut: '2026-11-04 06:15:00', breakMinutes: 0, workedMinutes: 495, workedHours: 8.25 },
      ],
      workedMinutes: 975,
      workedHours: 16.25,
      overtimeMinutes: 0,
      overtimeHours: 0,
      doubleTimeHours: 0.25,
    },
    {
      employeeId: ZOE.id,
      firstname: ZOE.firstname,
      lastname: ZOE.lastname,
      status: 0,
      shifts: [{ id: 103, date: '2026-11-05', clockIn: '2026-11-05 08:00:00', clockOut: null, breakMinutes: 75, workedMinutes: 100, workedHours: 1.67 }],
      workedMinutes: 100,
      workedHours: 1.67,
      overtimeMinutes: 0,
      overtimeHours: 0,
      doubleTimeHours: 0,
    },
  ],
  totals: { workedMinutes: 1075, workedHours: 17.92, overtimeMinutes: 0, overtimeHours: 0, doubleTimeHours: 0.25 },
  ...fields,
});

export const ptoReport = (fields: Partial<PtoReport> = {}): PtoReport => ({
  start: '2026-11-01',
  end: '2026-11-14',
  ptoTypes: [VACATION, SICK],
  employees: [
    {
      employeeId: EMMA.id,
      firstname: EMMA.firstname,
      lastname: EMMA.lastname,
      status: 1,
      requests: [
        { id: 31, ptoTypeId: VACATION.id, typeName: 'Vacation', start: '2026-11-09 00:00:00', end: '2026-11-10 23:59:59', minutes: 960, hours: 16 },
        { id: 32, ptoTypeId: SICK.id, typeName: 'Sick', start: '2026-11-12 09:00:00', end: '2026-11-12 11:30:00', minutes: 150, hours: 2.5 },
      ],
      byType: [
        { ptoTypeId: VACATION.id, minutes: 960, hours: 16 },
        { ptoTypeId: SICK.id, minutes: 150, hours: 2.5 },
      ],
      totalMinutes: 1110,
      totalHours: 18.5,
    },
  ],
  totals: {
    byType: [
      { ptoTypeId: VACATION.id, minutes: 960, hours: 16 },
      { ptoTypeId: SICK.id, minutes: 150, hours: 2.5 },
    ],
    totalMinutes: 1110,
    totalHours: 18.5,
  },
  ...fields,
});

type Handler = Parameters<typeof mockFetch>[0][string];
export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    response({ status, json: body });
export const fieldErrors =
  (errors: Record<string, string[]>): Handler =>
  () =>
    response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Validation failed', errors, requestId: 'r1' } });

/** A file answer, named by its Content-Disposition. */
export const file =
  (name: string, body = 'Employee,Hours\n', type = 'text/csv'): Handler =>
  () =>
    new Response(body, { headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } });

/** The screen's calls with quiet defaults: the filter's data and each report as built above. */
export function reportsServer(routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /report/data': json(reportData()),
    'GET /report/pay-periods': json({ payPeriods: PAY_PERIODS }),
    'GET /report/pay-period': ({ url }) => {
      const start = new URL(url, 'http://x').searchParams.get('start');
      const period = PAY_PERIODS.find((p) => p.start === start);
      return period ? response({ json: periodDetail(period) }) : response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { start: ['Please choose a pay period'] } } });
    },
    'GET /report/summary-report-data': json(summaryReport()),
    'GET /report/timesheet-report-data': json(timesheetReport()),
    'GET /report/pto-report-data': json(ptoReport()),
    'GET /report/export': file('timekeep-summary-2026-11-01-2026-11-14.csv'),
    'GET /report/payroll-export': file('timekeep-payroll-2026-10-18-2026-10-31.csv'),
    ...routes,
  });
}

/** The URLs (as URL objects) a fake fetch was called with for `path` (without /server/v1). */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, path: string): URL[] =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((url) => url.pathname === `/server/v1${path}`);
