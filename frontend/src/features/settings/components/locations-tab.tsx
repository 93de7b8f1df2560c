import { Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { serverMessage } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { useDeleteLocation, useLocations, type WorkLocation } from '../api/locations';
import { LocationForm } from './location-form';
import { LocationPeopleForm } from './location-people-form';

export const NO_LOCATIONS = 'There is no work location yet. Without one, no place rule applies to anyone.';
export const LOCATIONS_INTRO =
  'People held to a work location are checked when they clock in, take a break, resume or clock out: where they are (geofence) and the network they use (IP allow-list). People held to no location are not checked, and nothing about where they press is kept.';
export const LOCATIONS_READ_ONLY = 'Only a company admin can change the work locations.';
export const deleteQuestion = (location: WorkLocation) =>
  location.people.length === 0
    ? `${location.name} will be deleted.`
    : `${location.name} will be deleted, and the ${peopleText(location.people.length)} held to it will no longer be checked against its rules.`;

/** '1 person', '3 people'. */
export const peopleText = (count: number): string => (count === 1 ? '1 person' : `${count} people`);

/** '150 m · flag', or 'None' without a geofence. */
export const geofenceSummary = (location: WorkLocation): string =>
  location.latitude === null || location.longitude === null ? 'None' : `${location.radiusM.toLocaleString('en-US')} m · ${location.geofenceMode}`;

/** '203.0.113.0/24 · block', '203.0.113.0/24 and 2 more · flag', or 'None' without an allow-list. */
export function ipSummary(location: WorkLocation): string {
  const [first, ...rest] = location.ipAllow;
  if (first === undefined) return 'None';
  return `${first}${rest.length > 0 ? ` and ${rest.length} more` : ''} · ${location.ipMode}`;
}

type Dialog = { kind: 'edit'; location: WorkLocation | null } | { kind: 'people'; location: WorkLocation } | null;

/**
 * Settings, Work Locations (issue 40): the company's locations with their geofence, IP allow-list
 * and the number of people held to each; admins add, edit and delete them (after a confirmation)
 * and choose their people. Managers see them.
 */
export function LocationsTab({ canEdit }: { canEdit: boolean }) {
  const isPhone = useIsPhone();
  const locations = useLocations();
  const remove = useDeleteLocation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<WorkLocation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = locations.data ?? [];
  const close = () => setDialog(null);

  const actions = (location: WorkLocation) =>
    canEdit ? (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'edit', location })} aria-label={`Edit ${location.name}`}>
          Edit
        </Button>
        <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'people', location })} aria-label={`People of ${location.name}`}>
          People
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Delete ${location.name}`}
          onClick={() => {
            setError(null);
            setDeleting(location);
          }}
        >
          Delete
        </Button>
      </Group>
    ) : null;

  const nameCell = (location: WorkLocation) => (
    <Stack gap={0}>
      <Text fw={500}>{location.name}</Text>
      <Text size="sm" c="dimmed">
        {location.timeZone}
      </Text>
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="work-locations">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          Work Locations
        </Title>
        {canEdit ? <Button onClick={() => setDialog({ kind: 'edit', location: null })}>Add location</Button> : null}
      </Group>
      <Text size="sm" maw={720}>
        {LOCATIONS_INTRO}
      </Text>
      {!canEdit ? <Text c="dimmed">{LOCATIONS_READ_ONLY}</Text> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {locations.isPending ? (
        <Loader size="sm" aria-label="Loading the work locations" />
      ) : locations.isError ? (
        <FormAlert>{serverMessage(locations.error)}</FormAlert>
      ) : list.length === 0 ? (
        <Text data-testid="work-locations-empty">{NO_LOCATIONS}</Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {list.map((location) => (
            <Card key={location.id} withBorder radius="md" p="sm" data-testid="work-location">
              <Stack gap="xs">
                {nameCell(location)}
                {location.address ? <Text size="sm">{location.address}</Text> : null}
                <Text size="sm">Geofence: {geofenceSummary(location)}</Text>
                <Text size="sm">IP allow-list: {ipSummary(location)}</Text>
                <Text size="sm">{peopleText(location.people.length)}</Text>
                {actions(location)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="sm" data-testid="work-locations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Geofence</Table.Th>
              <Table.Th>IP allow-list</Table.Th>
              <Table.Th>People</Table.Th>
              {canEdit ? (
                <Table.Th w={250}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((location) => (
              <Table.Tr key={location.id} data-testid="work-location">
                <Table.Td>{nameCell(location)}</Table.Td>
                <Table.Td>{location.address ?? ''}</Table.Td>
                <Table.Td data-testid="work-location-geofence">{geofenceSummary(location)}</Table.Td>
                <Table.Td data-testid="work-location-ip">{ipSummary(location)}</Table.Td>
                <Table.Td data-testid="work-location-people">{location.people.length}</Table.Td>
                {canEdit ? <Table.Td>{actions(location)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <FormModal
        opened={dialog?.kind === 'edit'}
        onClose={close}
        title={dialog?.kind === 'edit' && dialog.location ? `Edit ${dialog.location.name}` : 'Add location'}
        centered
        size="lg"
      >
        {dialog?.kind === 'edit' ? <LocationForm key={dialog.location?.id ?? 'new'} location={dialog.location} onDone={close} /> : null}
      </FormModal>
      <FormModal opened={dialog?.kind === 'people'} onClose={close} title={dialog?.kind === 'people' ? `People of ${dialog.location.name}` : 'People'} centered size="lg">
        {dialog?.kind === 'people' ? <LocationPeopleForm key={dialog.location.id} location={dialog.location} onDone={close} /> : null}
      </FormModal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Are you sure?"
        message={deleting ? deleteQuestion(deleting) : ''}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onError: (err) => setError(`Sorry ${serverMessage(err)}`),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}
