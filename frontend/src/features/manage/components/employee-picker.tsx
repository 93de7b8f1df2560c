import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useEmployees } from '@/lib/employees';

export interface PickedEmployee {
  id: number;
  firstname: string;
  lastname: string;
}

interface EmployeePickerProps {
  /** The employee shown now; kept as an option even when the search does not match them. */
  value: PickedEmployee | null;
  onChange: (employeeId: number) => void;
  label?: string;
}

const nameOf = (e: { firstname: string; lastname: string }) => `${e.firstname} ${e.lastname}`.trim();

/**
 * The employee picker of admins and managers (spec 000 §2): active people in the caller's reach,
 * A-Z by last name, searched on the server as one types.
 */
export function EmployeePicker({ value, onChange, label = 'Employee' }: EmployeePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  // Typing the selected name back into the box is not a search.
  const q = value && debounced === nameOf(value) ? '' : debounced;
  const employees = useEmployees({ q });

  const data = useMemo(() => {
    const options = (employees.data?.employees ?? []).map((e) => ({ value: String(e.id), label: nameOf(e) || e.email }));
    if (value && !options.some((o) => o.value === String(value.id))) {
      options.unshift({ value: String(value.id), label: nameOf(value) });
    }
    return options;
  }, [employees.data, value]);

  return (
    <Select
      label={label}
      placeholder="Choose an employee"
      searchable
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        if (next && Number(next) !== value?.id) onChange(Number(next));
      }}
      allowDeselect={false}
      nothingFoundMessage={employees.isFetching ? 'Loading…' : 'No data'}
      maxDropdownHeight={320}
      w={{ base: '100%', sm: 260 }}
      data-testid="employee-picker"
    />
  );
}
