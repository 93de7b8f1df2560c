import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { PtoByType, PtoReport, PtoReportEmployee, PtoReportRequest, PtoTypeRef } from '../api/schemas';
import { formatHours, formatRequestDates, personName, ptoTypeName } from './format';
import { FooterRow, SortableTable, type Column } from './sortable-table';

function requestColumns(types: readonly PtoTypeRef[]): Column<PtoReportRequest>[] {
  const typeOf = (r: PtoReportRequest) => ptoTypeName(types, r.ptoTypeId, r.typeName);
  return [
    { key: 'type', label: 'Type', sortValue: typeOf, render: typeOf },
    { key: 'dates', label: 'Dates', sortValue: (r) => r.start, render: (r) => formatRequestDates(r.start, r.end) },
    { key: 'hours', label: 'Hours', numeric: true, sortValue: (r) => r.hours, render: (r) => formatHours(r.hours) },
  ];
}

interface TypeHours extends PtoByType {
  name: string;
}

const TYPE_COLUMNS: Column<TypeHours>[] = [
  { key: 'type', label: 'Type', sortValue: (t) => t.name, render: (t) => t.name },
  { key: 'hours', label: 'Hours', numeric: true, sortValue: (t) => t.hours, render: (t) => formatHours(t.hours) },
];

/** Hours by type with the types' names; a type's name from the requests when the list lacks it. */
const named = (byType: readonly PtoByType[], types: readonly PtoTypeRef[], requests: readonly PtoReportRequest[] = []): TypeHours[] =>
  byType.map((t) => ({ ...t, name: ptoTypeName(types, t.ptoTypeId, requests.find((r) => r.ptoTypeId === t.ptoTypeId)?.typeName) }));

function EmployeeSection({ employee, types }: { employee: PtoReportEmployee; types: readonly PtoTypeRef[] }) {
  const id = useId();
  const name = personName(employee);
  const byType = named(employee.byType, types, employee.requests);
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md" data-testid="report-section" className="tk-report-section">
      <Stack gap="xs">
        <Title order={3} fz="md" id={id}>
          {name}
        </Title>
        {employee.requests.length === 0 ? (
          <Text c="dimmed">No approved time off in this range</Text>
        ) : (
          <SortableTable
            label={`Time off of ${name}`}
            columns={requestColumns(types)}
            rows={employee.requests}
            rowKey={(r) => r.id}
            rowTestId="request-row"
            minWidth={420}
            footer={
              <>
                {byType.map((t) => (
                  <FooterRow key={t.ptoTypeId} label={t.name} cells={[{ value: '' }, { value: formatHours(t.hours), numeric: true }]} testId="employee-type-total" />
                ))}
                <FooterRow label="Total" cells={[{ value: '' }, { value: formatHours(employee.totalHours), numeric: true }]} testId="employee-total" />
              </>
            }
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The PTO report: a section per employee with their approved requests (type, days, hours inside
 * the range) and their hours by type; then the totals by type, all the server's sums.
 */
export function PtoReportView({ report }: { report: PtoReport }) {
  const { ptoTypes, totals } = report;
  return (
    <Stack gap="md">
      {report.employees.map((employee) => (
        <EmployeeSection key={employee.employeeId} employee={employee} types={ptoTypes} />
      ))}
      <Paper component="section" aria-labelledby="pto-totals-title" withBorder radius="md" p="md" className="tk-report-section">
        <Stack gap="xs">
          <Title order={3} fz="md" id="pto-totals-title">
            Totals by type
          </Title>
          <SortableTable
            label="Totals by type"
            columns={TYPE_COLUMNS}
            rows={named(totals.byType, ptoTypes, report.employees.flatMap((e) => e.requests))}
            rowKey={(t) => t.ptoTypeId}
            testId="pto-totals"
            rowTestId="report-row"
            minWidth={300}
            footer={<FooterRow label="Total" cells={[{ value: formatHours(totals.totalHours), numeric: true }]} testId="totals-row" />}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
