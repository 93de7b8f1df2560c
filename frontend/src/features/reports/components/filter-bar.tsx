import { Button, Group, MultiSelect, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { FormEvent } from 'react';
import type { ReportData, ReportType } from '../api/schemas';
import { byLastName, personName } from './format';

export type DateRange = [string | null, string | null];

export interface FilterErrors {
  type?: string;
  dates?: string;
  employees?: string;
}

interface FilterBarProps {
  data: ReportData | undefined;
  type: ReportType;
  onTypeChange: (type: ReportType) => void;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  employeeIds: string[];
  onEmployeesChange: (ids: string[]) => void;
  errors: FilterErrors;
  running: boolean;
  onRun: () => void;
}

/**
 * The report filter (002 §3 "Report filter"): the type, a range of days, the employees (none
 * chosen = everyone; terminated people marked) and 'Run report'.
 */
export function FilterBar({ data, type, onTypeChange, range, onRangeChange, employeeIds, onEmployeesChange, errors, running, onRun }: FilterBarProps) {
  const employees = [...(data?.employees ?? [])].sort(byLastName).map((e) => ({ value: String(e.id), label: personName(e) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun();
  };
  return (
    <form onSubmit={submit} aria-label="Report filter" noValidate className="tk-no-print">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label="Report type"
          data={data?.reportTypes ?? []}
          value={type}
          onChange={(value) => value && onTypeChange(value as ReportType)}
          allowDeselect={false}
          error={errors.type}
          w={{ base: '100%', sm: 170 }}
        />
        <DatePickerInput
          type="range"
          label="Date range"
          placeholder="Pick the first and last day"
          value={range}
          onChange={onRangeChange}
          valueFormat="MM/DD/YYYY"
          allowSingleDateInRange
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the dates' }}
          error={errors.dates}
          w={{ base: '100%', sm: 260 }}
        />
        <MultiSelect
          label="Employees"
          placeholder={employeeIds.length === 0 ? 'Everyone' : undefined}
          data={employees}
          value={employeeIds}
          onChange={onEmployeesChange}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the employees' }}
          nothingFoundMessage="Nobody by that name"
          error={errors.employees}
          w={{ base: '100%', sm: 320 }}
        />
        <Button type="submit" loading={running} mt={{ base: 0, sm: 25 }}>
          Run report
        </Button>
      </Group>
    </form>
  );
}
