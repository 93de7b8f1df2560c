import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PersonAvatar } from '@/components/person-avatar';
import { useEmployees } from '@/lib/employees';

/** Typing pauses this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The dropdown lists this many people at most. */
const SHOWN = 8;

export const viewUserPath = (id: number) => `/admin/manage/view-user/${id}`;

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2.2" fill="none" />
      <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * 'Find employee' (spec 000 §2, admins and managers): matches first or last names in any case on
 * the server (GET /manage/employees?q=), as one types; choosing someone opens their folder.
 */
export function EmployeeSearch({ onPicked }: { onPicked?: () => void }) {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const employees = useEmployees({ q: debounced }, { enabled: debounced.length > 0 });
  const id = useId();
  const people = debounced ? (employees.data?.employees ?? []).slice(0, SHOWN) : [];
  const waiting = value.trim() !== debounced || employees.isFetching;

  const pick = (employeeId: string) => {
    setValue('');
    combobox.closeDropdown();
    onPicked?.();
    navigate(viewUserPath(Number(employeeId)));
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          id={id}
          aria-label="Find employee"
          placeholder="Find employee"
          value={value}
          leftSection={<SearchIcon />}
          rightSection={value.trim() && waiting ? <Loader size={14} role="status" aria-label="Searching" /> : null}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => value.trim() && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="employee-search"
          w="100%"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!value.trim()}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label="Employees">
          {people.map((person) => (
            <Combobox.Option value={String(person.id)} key={person.id}>
              <Group gap="sm" wrap="nowrap">
                <PersonAvatar url={person.avatar} firstname={person.firstname} lastname={person.lastname} size={28} />
                <Text size="sm" truncate="end">
                  {`${person.firstname} ${person.lastname}`.trim() || person.email}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {people.length === 0 ? <Combobox.Empty>{waiting ? 'Searching…' : 'No employee found'}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
