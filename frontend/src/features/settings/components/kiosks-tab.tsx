import { Badge, Button, Card, CopyButton, Group, Loader, Modal, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { storeKioskSecret } from '@/lib/kiosk';
import { useIsPhone } from '@/lib/media';
import { kioskFormErrors, KIOSK_FIELDS, lastUsedText, useKiosks, useRegisterKiosk, useRevokeKiosk, type Kiosk, type RegisteredKiosk } from '../api/kiosks';
import { useLocations } from '../api/locations';

export const KIOSKS_INTRO =
  'A kiosk is a shared device, such as a tablet by the door, where people clock in and out by tapping their name and typing their PIN. Each person chooses their PIN on the clock page (Kiosk PIN); an admin can set a new one on their edit screen.';
export const NO_KIOSKS = 'There is no kiosk yet.';
export const NO_LOCATIONS_FOR_KIOSKS = 'A kiosk stands at a work location: add one under Work Locations first.';
export const SECRET_WARNING =
  "This secret is the device's credential: it is shown only this once. Anyone who has it can press for your people with their PINs, so do not write it down where others see it. Revoke the kiosk if it is lost.";
export const OPEN_KIOSK_HELP = 'Opening kiosk mode signs you out here; this device then shows the kiosk until an admin leaves kiosk mode.';
export const REGISTER_TITLE = 'Register a kiosk';
export const OPEN_KIOSK_LABEL = 'Open kiosk mode on this device';
export const revokeQuestion = (kiosk: Kiosk) => `${kiosk.name} stops working as a kiosk at once. To use the device again, register it anew.`;

/** Work Locations' tab number (SETTINGS_TABS.workLocations, settings-screen.tsx). */
const LOCATIONS_TAB = '8';

type Dialog = { kind: 'register' } | { kind: 'registered'; registered: RegisteredKiosk } | null;

/**
 * Settings, Kiosks (issue 40), admins only: the company's kiosks with their location, when each
 * was last used and whether it was revoked; registering one (a name and a work location) shows the
 * device's credential once, with the way to make this very device the kiosk; revoking one asks
 * first.
 */
export function KiosksTab() {
  const isPhone = useIsPhone();
  const kiosks = useKiosks();
  const revoke = useRevokeKiosk();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [revoking, setRevoking] = useState<Kiosk | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = kiosks.data ?? [];

  const actions = (kiosk: Kiosk) =>
    kiosk.revokedAt ? null : (
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        aria-label={`Revoke ${kiosk.name}`}
        onClick={() => {
          setError(null);
          setRevoking(kiosk);
        }}
      >
        Revoke
      </Button>
    );

  const nameCell = (kiosk: Kiosk) => (
    <Group gap="xs" wrap="nowrap">
      <Text fw={500}>{kiosk.name}</Text>
      {kiosk.revokedAt ? (
        <Badge color="red.9" variant="filled" data-testid="kiosk-revoked">
          Revoked
        </Badge>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="md" data-testid="kiosks">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          Kiosks
        </Title>
        <Button onClick={() => setDialog({ kind: 'register' })}>{REGISTER_TITLE}</Button>
      </Group>
      <Text size="sm" maw={720}>
        {KIOSKS_INTRO}
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {kiosks.isPending ? (
        <Loader size="sm" aria-label="Loading the kiosks" />
      ) : kiosks.isError ? (
        <FormAlert>{serverMessage(kiosks.error)}</FormAlert>
      ) : list.length === 0 ? (
        <Text data-testid="kiosks-empty">{NO_KIOSKS}</Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {list.map((kiosk) => (
            <Card key={kiosk.id} withBorder radius="md" p="sm" data-testid="kiosk">
              <Stack gap="xs">
                {nameCell(kiosk)}
                <Text size="sm">Location: {kiosk.locationName}</Text>
                <Text size="sm">Last used: {lastUsedText(kiosk.lastUsedAt)}</Text>
                {actions(kiosk)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="sm" data-testid="kiosks-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th w={120}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((kiosk) => (
              <Table.Tr key={kiosk.id} data-testid="kiosk">
                <Table.Td>{nameCell(kiosk)}</Table.Td>
                <Table.Td data-testid="kiosk-location">{kiosk.locationName}</Table.Td>
                <Table.Td data-testid="kiosk-last-used">
                  {kiosk.lastUsedAt ? (
                    <time dateTime={kiosk.lastUsedAt} title={new Date(kiosk.lastUsedAt).toLocaleString('en-US')}>
                      {lastUsedText(kiosk.lastUsedAt)}
                    </time>
                  ) : (
                    lastUsedText(null)
                  )}
                </Table.Td>
                <Table.Td>{actions(kiosk)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <FormModal opened={dialog?.kind === 'register'} onClose={() => setDialog(null)} title={REGISTER_TITLE} centered size="md">
        {dialog?.kind === 'register' ? (
          <RegisterKioskForm onCancel={() => setDialog(null)} onRegistered={(registered) => setDialog({ kind: 'registered', registered })} />
        ) : null}
      </FormModal>
      {/* The secret lives only in this dialog's state: once it closes, it is gone from the page. */}
      <Modal
        opened={dialog?.kind === 'registered'}
        onClose={() => setDialog(null)}
        title="Kiosk registered"
        centered
        size="lg"
        closeOnClickOutside={false}
      >
        {dialog?.kind === 'registered' ? <RegisteredKioskPanel registered={dialog.registered} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={revoking !== null}
        title={revoking ? `Revoke ${revoking.name}?` : 'Revoke'}
        message={revoking ? revokeQuestion(revoking) : ''}
        confirmLabel="Revoke"
        danger
        focusCancel
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onError: (err) => setError(`Sorry ${serverMessage(err)}`),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Stack>
  );
}

function RegisterKioskForm({ onCancel, onRegistered }: { onCancel: () => void; onRegistered: (registered: RegisteredKiosk) => void }) {
  const locations = useLocations();
  const register = useRegisterKiosk();
  const [name, setName] = useState('');
  const [locationId, setLocationId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  useDiscardGuard(() => name.trim() !== '' || locationId !== null);
  const choices = (locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }));

  if (locations.isPending) return <Loader size="sm" aria-label="Loading the work locations" />;
  if (locations.isError) return <FormAlert>{serverMessage(locations.error)}</FormAlert>;
  if (choices.length === 0) {
    return (
      <Stack gap="md">
        <Text data-testid="kiosk-needs-location">{NO_LOCATIONS_FOR_KIOSKS}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button component={Link} to={{ search: `?tab=${LOCATIONS_TAB}` }} onClick={onCancel}>
            Go to Work Locations
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label={REGISTER_TITLE}
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        const body = { name, locationId: locationId === null ? null : Number(locationId) };
        const own = kioskFormErrors(body);
        setErrors(own);
        if (Object.keys(own).length > 0) return;
        register.mutate(body, {
          onSuccess: onRegistered,
          onError: (err) => {
            const failure = formFailure(err, KIOSK_FIELDS, { useServerMessage: true });
            setErrors(failure.fieldErrors);
            setMessage(failure.message ? `Sorry ${failure.message}` : null);
          },
        });
      }}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput
          label="Name"
          description='What the device is, such as "Front desk tablet".'
          required
          autoComplete="off"
          maxLength={100}
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label="Location"
          description="The work location the device stands at: its presses are judged as made there."
          required
          placeholder="Choose a location"
          data={choices}
          value={locationId}
          onChange={setLocationId}
          error={errors.locationId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={register.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={register.isPending}>
            Register
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RegisteredKioskPanel({ registered, onDone }: { registered: RegisteredKiosk; onDone: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { kiosk, secret } = registered;

  return (
    <Stack gap="md" data-testid="kiosk-registered">
      <Text>
        <strong>{kiosk.name}</strong> at {kiosk.locationName} is registered.
      </Text>
      <FormAlert color="yellow" title="Shown only this once">
        {SECRET_WARNING}
      </FormAlert>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Kiosk secret" value={secret} readOnly style={{ flex: 1 }} data-testid="kiosk-secret" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-label={copied ? 'Secret copied' : 'Copy the secret'}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Text size="sm">{OPEN_KIOSK_HELP}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
        <Button
          onClick={() => {
            try {
              storeKioskSecret(secret);
            } catch (err) {
              setError(err instanceof Error ? err.message : String(err));
              return;
            }
            // The kiosk route signs this session out before the kiosk opens (app/routes/kiosk.tsx).
            void navigate('/kiosk', { replace: true });
          }}
        >
          {OPEN_KIOSK_LABEL}
        </Button>
      </Group>
    </Stack>
  );
}
