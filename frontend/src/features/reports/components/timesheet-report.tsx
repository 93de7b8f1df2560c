import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { Shift, TimesheetEmployee, TimesheetReport } from '../api/schemas';
import { formatBreak, formatClock, formatDay, formatHours, nameKey, personName } from './format';
import { FooterRow, SortableTable, type Column } from './sortable-table';

const SHIFT_COLUMNS: Column<Shift>[] = [
  { key: 'date', label: 'Date', sortValue: (s) => s.clockIn || s.date, render: (s) => formatDay(s.date) },
  { key: 'in', label: 'Clock in', sortValue: (s) => s.clockIn.slice(11), render: (s) => formatClock(s.clockIn, s.date) },
  { key: 'out', label: 'Clock out', sortValue: (s) => s.clockOut?.slice(11) ?? '', render: (s) => formatClock(s.clockOut, s.date) },
  { key: 'break', label: 'Break', numeric: true, sortValue: (s) => s.breakMinutes, render: (s) => formatBreak(s.breakMinutes) },
  { key: 'hours', label: 'Hours', numeric: true, sortValue: (s) => s.workedHours, render: (s) => formatHours(s.workedHours) },
];

const blank = (count: number) => Array.from({ length: count }, () => ({ value: '' }));

function EmployeeSection({ employee }: { employee: TimesheetEmployee }) {
  const id = useId();
  const name = personName(employee);
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md" data-testid="report-section" className="tk-report-section">
      <Stack gap="xs">
        <Title order={3} fz="md" id={id}>
          {name}
        </Title>
        {employee.shifts.length === 0 ? (
          <Text c="dimmed">No shifts in this range</Text>
        ) : (
          <SortableTable
            label={`Shifts of ${name}`}
            columns={SHIFT_COLUMNS}
            rows={employee.shifts}
            rowKey={(s) => s.id}
            rowTestId="shift-row"
            footer={
              <>
                <FooterRow label="Total" cells={[...blank(3), { value: formatHours(employee.workedHours), numeric: true }]} testId="employee-total" />
                <FooterRow label="Overtime" cells={[...blank(3), { value: formatHours(employee.overtimeHours), numeric: true }]} testId="employee-overtime" />
                <FooterRow label="Double time" cells={[...blank(3), { value: formatHours(employee.doubleTimeHours), numeric: true }]} testId="employee-double-time" />
              </>
            }
          />
        )}
      </Stack>
    </Paper>
  );
}

const TOTAL_COLUMNS: Column<TimesheetEmployee>[] = [
  { key: 'name', label: 'Employee', sortValue: nameKey, render: personName },
  { key: 'hours', label: 'Hours', numeric: true, sortValue: (e) => e.workedHours, render: (e) => formatHours(e.workedHours) },
  { key: 'overtime', label: 'Overtime', numeric: true, sortValue: (e) => e.overtimeHours, render: (e) => formatHours(e.overtimeHours) },
  { key: 'double', label: 'Double time', numeric: true, sortValue: (e) => e.doubleTimeHours, render: (e) => formatHours(e.doubleTimeHours) },
];

/**
 * The timesheet report: a section per employee with their shifts (date, clock in and out, break,
 * hours), their total, overtime and double time; then the grand total by employee with the server's totals.
 */
export function TimesheetReportView({ report }: { report: TimesheetReport }) {
  const { totals } = report;
  return (
    <Stack gap="md">
      {report.employees.map((employee) => (
        <EmployeeSection key={employee.employeeId} employee={employee} />
      ))}
      <Paper component="section" aria-labelledby="timesheet-grand-total" withBorder radius="md" p="md" className="tk-report-section">
        <Stack gap="xs">
          <Title order={3} fz="md" id="timesheet-grand-total">
            Grand total
          </Title>
          <SortableTable
            label="Grand total"
            columns={TOTAL_COLUMNS}
            rows={report.employees}
            rowKey={(e) => e.employeeId}
            testId="timesheet-totals"
            rowTestId="report-row"
            footer={
              <FooterRow
                label="Total"
                cells={[
                  { value: formatHours(totals.workedHours), numeric: true },
                  { value: formatHours(totals.overtimeHours), numeric: true },
                  { value: formatHours(totals.doubleTimeHours), numeric: true },
                ]}
                testId="totals-row"
              />
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
