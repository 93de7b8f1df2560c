import { Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { personName, useActivePeople } from '../api/active-people';
import { peopleChange, useUpdateLocationPeople, type WorkLocation } from '../api/locations';

export const PEOPLE_HELP = "Their presses are checked against this location's rules. People held to no location are not checked.";
export const PEOPLE_FAILED = 'The people could not be loaded.';

/** Someone held to the location who is not among the active people (no longer employed). */
export const inactivePersonLabel = (id: number) => `Employee ${id} (not active)`;

/**
 * The people held to a work location (Settings, Work Locations, 'People'): every active person of
 * the company to choose from; Save adds the newly chosen and frees the ones taken off, in one call
 * (POST /locations/people).
 */
export function LocationPeopleForm({ location, onDone }: { location: WorkLocation; onDone: () => void }) {
  const people = useActivePeople();
  const save = useUpdateLocationPeople();
  const initial = useMemo(() => location.people.map(String), [location.people]);
  const [chosen, setChosen] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const change = peopleChange(location.id, location.people, chosen.map(Number));
  const changed = change.add.length > 0 || change.remove.length > 0;
  useDiscardGuard(() => changed);

  const options = useMemo(() => {
    const list = (people.data ?? []).map((person) => ({ value: String(person.id), label: personName(person) }));
    const known = new Set(list.map((option) => option.value));
    for (const id of location.people) {
      if (!known.has(String(id))) list.push({ value: String(id), label: inactivePersonLabel(id) });
    }
    return list;
  }, [people.data, location.people]);

  if (people.isPending) return <Loader size="sm" aria-label="Loading the people" />;
  if (people.isError) return <FormAlert>{PEOPLE_FAILED}</FormAlert>;

  return (
    <form
      noValidate
      aria-label={`People of ${location.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        if (!changed) {
          onDone();
          return;
        }
        save.mutate(change, {
          onSuccess: onDone,
          onError: (err) => setError(sorry(err)),
        });
      }}
    >
      <Stack gap="sm">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Text size="sm">{PEOPLE_HELP}</Text>
        <MultiSelect
          label="People held to this location"
          placeholder={chosen.length === 0 ? 'Choose people' : undefined}
          searchable
          clearable
          data={options}
          value={chosen}
          onChange={setChosen}
          nothingFoundMessage="Nobody by that name"
          maxDropdownHeight={260}
          data-autofocus
        />
        <Text size="sm" c="dimmed" data-testid="location-people-count">
          {chosen.length === 1 ? '1 person' : `${chosen.length} people`}
        </Text>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save people
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
