import { describe, expect, it } from 'vitest';
import { fileRequest } from './export';
import { daysCovered, exportQuery, filterErrors, payrollQuery, reportQuery, sameFilter, type ReportFilter } from './filter';
import { defaultPayrollPeriod, payPeriodsSchema } from './pay-periods';
import { reportDataSchema } from './schemas';

const filter = (fields: Partial<ReportFilter> = {}): ReportFilter => ({ type: 'summary', start: '2026-11-01', end: '2026-11-14', employeeIds: [], ...fields });

describe('the report query', () => {
  it('sends type, start and end, and the employees comma-joined only when some are chosen', () => {
    expect(reportQuery(filter())).toEqual({ type: 'summary', start: '2026-11-01', end: '2026-11-14', empids: undefined });
    expect(reportQuery(filter({ type: 'pto', employeeIds: [12, 9] }))).toMatchObject({ type: 'pto', empids: '12,9' });
  });

  it('leaves out a date that was not chosen', () => {
    expect(reportQuery(filter({ start: null, end: null }))).toEqual({ type: 'summary', start: undefined, end: undefined, empids: undefined });
  });

  it('adds the format for an export; the payroll asks for exactly the chosen pay period', () => {
    expect(exportQuery(filter({ employeeIds: [9] }), 'xlsx')).toEqual({ type: 'summary', start: '2026-11-01', end: '2026-11-14', empids: '9', format: 'xlsx' });
    const period = { start: '2026-10-16', end: '2026-10-31' };
    expect(payrollQuery(period, [9, 11])).toEqual({ start: '2026-10-16', end: '2026-10-31', empids: '9,11', layout: undefined });
    expect(payrollQuery(period, [])).toEqual({ start: '2026-10-16', end: '2026-10-31', empids: undefined, layout: undefined });
  });

  it("sends the payroll file's layout only for Gusto's, Timekeep's being the server's default", () => {
    const period = { start: '2026-10-16', end: '2026-10-31' };
    expect(payrollQuery(period, [9], 'gusto')).toEqual({ start: '2026-10-16', end: '2026-10-31', empids: '9', layout: 'gusto' });
    expect(payrollQuery(period, [9], 'timekeep')).toEqual({ start: '2026-10-16', end: '2026-10-31', empids: '9', layout: undefined });
  });

  it("names a file as the contract does when the answer does not", () => {
    expect(fileRequest({ kind: 'export', filter: filter({ type: 'timesheet' }), format: 'csv' })).toMatchObject({
      path: '/report/export',
      fallbackName: 'timekeep-timesheet-2026-11-01-2026-11-14.csv',
    });
    expect(fileRequest({ kind: 'payroll', period: { start: '2026-10-16', end: '2026-10-31' }, employeeIds: [] })).toMatchObject({
      path: '/report/payroll-export',
      fallbackName: 'timekeep-payroll-2026-10-16-2026-10-31.csv',
    });
    expect(fileRequest({ kind: 'payroll', period: { start: '2026-10-16', end: '2026-10-31' }, employeeIds: [9], layout: 'gusto' })).toMatchObject({
      path: '/report/payroll-export',
      query: { start: '2026-10-16', end: '2026-10-31', empids: '9', layout: 'gusto' },
      fallbackName: 'timekeep-gusto-hours-2026-10-16-2026-10-31.csv',
    });
  });

  it('tells whether two filters ask for the same report', () => {
    expect(sameFilter(filter({ employeeIds: [1, 2] }), filter({ employeeIds: [1, 2] }))).toBe(true);
    expect(sameFilter(filter(), filter({ type: 'pto' }))).toBe(false);
    expect(sameFilter(filter(), filter({ end: '2026-11-15' }))).toBe(false);
    expect(sameFilter(null, filter())).toBe(false);
  });
});

describe('the filter check', () => {
  it('counts the days of a range, both ends included', () => {
    expect(daysCovered('2026-11-01', '2026-11-14')).toBe(14);
    expect(daysCovered('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysCovered('2028-01-01', '2028-12-31')).toBe(366);
  });

  it('wants both dates, the end not before the start, and at most the allowed days', () => {
    expect(filterErrors({ start: '2026-11-01', end: '2026-11-14' }, 366)).toEqual({});
    expect(filterErrors({ start: '2026-11-01', end: '2026-11-01' }, 366)).toEqual({});
    expect(filterErrors({ start: null, end: '2026-11-14' }, 366)).toEqual({ start: 'Please choose a start and end date (YYYY-MM-DD)' });
    expect(filterErrors({ start: '2026-11-01', end: null }, 366)).toEqual({ start: 'Please choose a start and end date (YYYY-MM-DD)' });
    expect(filterErrors({ start: '2026-11-14', end: '2026-11-01' }, 366)).toEqual({ start: 'Please choose an end date after the start date, within 366 days' });
    expect(filterErrors({ start: '2028-01-01', end: '2028-12-31' }, 366)).toEqual({});
    expect(filterErrors({ start: '2028-01-01', end: '2029-01-01' }, 366)).toEqual({ start: 'Please choose an end date after the start date, within 366 days' });
    expect(filterErrors({ start: '2026-11-01', end: '2026-11-08' }, 7)).toEqual({ start: 'Please choose an end date after the start date, within 7 days' });
  });
});

describe('the pay periods', () => {
  it('pays the last closed period by default, the current one when none has closed', () => {
    const current = { start: '2026-11-16', end: '2026-11-30', closed: false };
    const last = { start: '2026-11-01', end: '2026-11-15', closed: true };
    expect(defaultPayrollPeriod([current, last, { start: '2026-10-16', end: '2026-10-31', closed: true }])).toBe(last);
    expect(defaultPayrollPeriod([current])).toBe(current);
    expect(defaultPayrollPeriod([])).toBeNull();
  });

  it('reads whether a period is closed for payroll, open when the server does not say (issue 40)', () => {
    const { payPeriods } = payPeriodsSchema.parse({
      payPeriods: [
        { start: '2026-11-01', end: '2026-11-15', closed: true, locked: true, lockedAt: '2026-11-18T14:00:00Z', lockedBy: null, lateChanges: true },
        { start: '2026-10-16', end: '2026-10-31', closed: true },
      ],
    });
    expect(payPeriods).toEqual([
      { start: '2026-11-01', end: '2026-11-15', closed: true, locked: true, lockedAt: '2026-11-18T14:00:00Z', lockedBy: null, lateChanges: true },
      { start: '2026-10-16', end: '2026-10-31', closed: true, locked: false, lockedAt: null, lockedBy: null, lateChanges: false },
    ]);
  });
});

describe('the report data', () => {
  it('keeps the report types the screen knows and defaults what the server may leave out', () => {
    const data = reportDataSchema.parse({
      reportTypes: [{ value: 'summary', label: 'Summary' }, { value: 'audit', label: 'Audit' }],
      employees: [{ id: 9, firstname: 'Emma', lastname: null, status: 0 }],
    });
    expect(data).toEqual({
      reportTypes: [{ value: 'summary', label: 'Summary' }],
      employees: [{ id: 9, firstname: 'Emma', lastname: '', status: 0 }],
      ptoTypes: [],
      payPeriodStart: null,
      payPeriodEnd: null,
      maxDays: 366,
    });
  });
});
