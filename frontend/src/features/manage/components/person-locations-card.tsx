import { Anchor, Button, Card, Group, Loader, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { useLocationChoices, usePersonLocations, useUpdatePersonLocations, type LocationChoice } from '../api/person-locations';

export const PERSON_LOCATIONS_HELP = "No location: no place rule applies to this person's presses.";
export const PERSON_LOCATIONS_SAVED = "The person's work locations have been saved.";
export const PERSON_LOCATIONS_FAILED = "The person's work locations could not be loaded.";
export const NO_LOCATIONS_YET = 'No work locations yet — add them in Settings › Work Locations';

/** Settings tab 8 (Work Locations), with the way back to the screen that sent the admin there (?return=). */
export const locationsSettingsPath = (back: string) => `/admin/manage/settings?tab=8&return=${encodeURIComponent(back)}`;

/** A location's name; the id of one the list no longer has. */
const nameOf = (id: number, choices: readonly LocationChoice[]): string => choices.find((choice) => choice.id === id)?.name ?? `Location ${id}`;

/**
 * The employee edit screen's 'Work locations' card (issue 40): the locations whose rules (geofence,
 * IP allow-list) the person's presses are checked against, and for admins a picker of the
 * company's locations saved all at once (POST /locations/of-person). Managers see them only.
 */
export function PersonLocationsCard({ employeeId, canEdit }: { employeeId: number; canEdit: boolean }) {
  const person = usePersonLocations(employeeId);
  const choices = useLocationChoices();

  return (
    <Card withBorder radius="md" p="lg" data-testid="person-locations">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Work locations
        </Title>
        <Text size="sm" c="dimmed">
          {PERSON_LOCATIONS_HELP}
        </Text>
        {person.isError || choices.isError ? (
          <FormAlert>{PERSON_LOCATIONS_FAILED}</FormAlert>
        ) : person.isPending || choices.isPending ? (
          <Loader size="sm" aria-label="Loading the work locations" />
        ) : canEdit ? (
          <PersonLocationsForm employeeId={employeeId} initial={person.data.locationIds} choices={choices.data} />
        ) : (
          <Text size="sm" data-testid="person-locations-current">
            {person.data.locationIds.length === 0 ? 'None' : person.data.locationIds.map((id) => nameOf(id, choices.data)).join(', ')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function NoLocationsHint() {
  const location = useLocation();
  return (
    <Text size="sm" data-testid="no-locations">
      No work locations yet — add them in{' '}
      <Anchor component={Link} to={locationsSettingsPath(`${location.pathname}${location.search}`)} inherit>
        Settings › Work Locations
      </Anchor>
    </Text>
  );
}

function PersonLocationsForm({ employeeId, initial, choices }: { employeeId: number; initial: number[]; choices: LocationChoice[] }) {
  const save = useUpdatePersonLocations(employeeId);
  const [chosen, setChosen] = useState<string[]>(() => initial.map(String));
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const options = choices.map((choice) => ({ value: String(choice.id), label: choice.name }));
  for (const id of initial) {
    if (!choices.some((choice) => choice.id === id)) options.push({ value: String(id), label: nameOf(id, choices) });
  }

  return (
    <form
      noValidate
      aria-label="The person's work locations"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        setMessage(null);
        save.mutate(
          { employeeId, locationIds: chosen.map(Number) },
          {
            onSuccess: (data) => {
              setChosen(data.locationIds.map(String));
              setMessage(PERSON_LOCATIONS_SAVED);
            },
            onError: (err) => {
              const failure = formFailure(err, ['locationIds'], { useServerMessage: true });
              setError(failure.fieldErrors.locationIds ?? null);
              if (failure.message) setMessage(`Sorry ${failure.message}`);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        {message === PERSON_LOCATIONS_SAVED ? <FormAlert color="green">{message}</FormAlert> : null}
        {message && message !== PERSON_LOCATIONS_SAVED ? <FormAlert>{message}</FormAlert> : null}
        {options.length === 0 ? (
          <NoLocationsHint />
        ) : (
          <MultiSelect
            label="Locations"
            placeholder={chosen.length === 0 ? 'No location' : undefined}
            searchable
            clearable
            data={options}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setMessage(null);
            }}
            error={error}
            nothingFoundMessage="No location by that name"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {options.length > 0 ? (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save work locations
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
