import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { useEmployees } from '@/lib/employees';

/** The person chosen: their id and the name shown. */
export interface PickedPerson {
  id: number;
  name: string;
}

interface PersonFilterProps {
  value: PickedPerson | null;
  onChange: (person: PickedPerson | null) => void;
  error?: ReactNode;
}

export const SEARCH_DEBOUNCE_MS = 300;

const nameOf = (e: { firstname: string; lastname: string; email: string }) => `${e.firstname} ${e.lastname}`.trim() || e.email;

/**
 * 'Person': the people in the caller's reach (GET /manage/employees: an admin's whole company, a
 * manager's reports and themselves), A-Z by last name, searched on the server as one types, as the
 * other manager screens' pickers do. Cleared: everyone.
 */
export function PersonFilter({ value, onChange, error }: PersonFilterProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Typing the chosen name back into the box is not a search.
  const q = value && debounced === value.name ? '' : debounced;
  const employees = useEmployees({ q });

  const data = useMemo(() => {
    const options = (employees.data?.employees ?? []).map((e) => ({ value: String(e.id), label: nameOf(e) }));
    if (value && !options.some((o) => o.value === String(value.id))) options.unshift({ value: String(value.id), label: value.name });
    return options;
  }, [employees.data, value]);

  return (
    <Select
      label="Person"
      placeholder="Everyone"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the person' }}
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        if (next === null) return onChange(null);
        const option = data.find((o) => o.value === next);
        onChange({ id: Number(next), name: option?.label ?? next });
      }}
      nothingFoundMessage={employees.isFetching ? 'Loading…' : 'Nobody by that name'}
      maxDropdownHeight={320}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
