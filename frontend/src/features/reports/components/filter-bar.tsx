import { Button, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { FormEvent } from 'react';
import type { ReportData, ReportType } from '../api/schemas';
import { byLastName, personName } from './format';
import { isPresetRange, type RangePreset } from './range-presets';

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
  /** Quick ranges under the dates; one not known yet is shown disabled. */
  presets: readonly RangePreset[];
  employeeIds: string[];
  onEmployeesChange: (ids: string[]) => void;
  errors: FilterErrors;
  running: boolean;
  onRun: () => void;
}

/**
 * The report filter (002 §3 "Report filter"): the type, a range of days (picked, or one of the
 * quick ranges below it), the employees (none chosen = everyone; terminated people marked) and
 * 'Run report'.
 */
export function FilterBar({ data, type, onTypeChange, range, onRangeChange, presets, employeeIds, onEmployeesChange, errors, running, onRun }: FilterBarProps) {
  const employees = [...(data?.employees ?? [])].sort(byLastName).map((e) => ({ value: String(e.id), label: personName(e) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun();
  };
  return (
    <form onSubmit={submit} aria-label="Report filter" noValidate className="tk-no-print">
      <Stack gap="xs">
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
        {/* Pressed, not selected: a range picked on the calendar may be a preset's too. */}
        <Group gap={6} wrap="wrap" role="group" aria-label="Quick date ranges">
          {presets.map((preset) => {
            const pressed = isPresetRange(preset, range);
            return (
              <Button
                key={preset.label}
                type="button"
                size="compact-sm"
                variant={pressed ? 'light' : 'subtle'}
                aria-pressed={pressed}
                disabled={!preset.range}
                onClick={() => preset.range && onRangeChange(preset.range)}
              >
                {preset.label}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </form>
  );
}
