import type { PtoByType, SummaryReport, SummaryRow } from '../api/schemas';
import { formatHours, nameKey, personName, statusLabel } from './format';
import { FooterRow, SortableTable, type Column } from './sortable-table';

const hoursOf = (pto: readonly PtoByType[], ptoTypeId: number): number => pto.find((p) => p.ptoTypeId === ptoTypeId)?.hours ?? 0;

const hoursColumn = (key: string, label: string, hours: (row: SummaryRow) => number): Column<SummaryRow> => ({
  key,
  label,
  numeric: true,
  sortValue: hours,
  render: (row) => formatHours(hours(row)),
});

/**
 * The summary report: one row per employee with regular, overtime, double time, each type of time
 * off, holiday and subtotal hours, and the server's totals below.
 */
export function SummaryReportTable({ report }: { report: SummaryReport }) {
  const { ptoTypes, totals } = report;
  const columns: Column<SummaryRow>[] = [
    { key: 'name', label: 'Employee', sortValue: nameKey, render: (row) => personName(row) },
    { key: 'status', label: 'Status', sortValue: statusLabel, render: statusLabel },
    hoursColumn('regular', 'Regular', (row) => row.regularHours),
    hoursColumn('overtime', 'Overtime', (row) => row.overtimeHours),
    hoursColumn('double-time', 'Double Time', (row) => row.doubleTimeHours),
    ...ptoTypes.map((type) => hoursColumn(`pto-${type.id}`, type.name, (row) => hoursOf(row.pto, type.id))),
    hoursColumn('holiday', 'Holiday', (row) => row.holidayHours),
    hoursColumn('subtotal', 'Subtotal', (row) => row.subtotalHours),
  ];
  const totalCells = [
    { value: '' },
    ...[totals.regularHours, totals.overtimeHours, totals.doubleTimeHours, ...ptoTypes.map((type) => hoursOf(totals.pto, type.id)), totals.holidayHours, totals.subtotalHours].map(
      (hours) => ({ value: formatHours(hours), numeric: true }),
    ),
  ];
  return (
    <SortableTable
      label="Summary report"
      columns={columns}
      rows={report.rows}
      rowKey={(row) => row.employeeId}
      footer={<FooterRow label="Total" cells={totalCells} testId="totals-row" />}
      testId="summary-report"
      rowTestId="report-row"
      minWidth={690 + ptoTypes.length * 90}
    />
  );
}
