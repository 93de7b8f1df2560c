import { Button, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { useSession } from '@/lib/session';
import {
  ipAllowEntries,
  locationFailure,
  locationFormSchema,
  locationFormValues,
  MAX_RADIUS_M,
  MIN_RADIUS_M,
  toLocationBody,
  useSaveLocation,
  type LocationFormValues,
  type WorkLocation,
} from '../api/locations';

export const GEOFENCE_HELP = 'Leave latitude and longitude empty for no geofence.';
export const IP_ALLOW_HELP = 'One address or CIDR block per line, such as 203.0.113.7 or 203.0.113.0/24. Empty: no allow-list.';
export const FLAG_LABEL = 'Flag: accept the press and mark it';
export const BLOCK_LABEL = 'Block: refuse the clock-in';

/** The IANA zones the browser knows, with the ones in use kept even when it does not list them. */
function zoneOptions(...inUse: string[]): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  for (const zone of [...inUse, 'UTC']) if (zone) all.add(zone);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/**
 * The add/edit form of a work location (Settings, Work Locations): name, time zone, address, the
 * geofence (centre, radius, flag or block) and the IP allow-list (flag or block). The server's
 * refusals show on their fields; those about one entry of the allow-list name its line.
 */
export function LocationForm({ location, onDone }: { location: WorkLocation | null; onDone: () => void }) {
  const save = useSaveLocation();
  const companyZone = useSession()?.identity.timezone ?? '';
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LocationFormValues>({
    mode: 'uncontrolled',
    initialValues: locationFormValues(location, companyZone),
    validate: schemaResolver(locationFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());
  const zones = useMemo(() => zoneOptions(companyZone, location?.timeZone ?? ''), [companyZone, location?.timeZone]);

  return (
    <form
      noValidate
      aria-label={location ? `Edit ${location.name}` : 'Add a work location'}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        const { lines } = ipAllowEntries(values.ipAllow);
        save.mutate(toLocationBody(values, location?.id ?? null), {
          onSuccess: onDone,
          onError: (err) => {
            const failure = locationFailure(err, lines);
            form.setErrors(failure.fieldErrors);
            setError(failure.message ? `Sorry ${failure.message}` : null);
          },
        });
      })}
    >
      <Stack gap="sm">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextInput label="Name" required autoComplete="off" maxLength={100} data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
        <Select
          label="Time zone"
          description="Empty: the company's time zone."
          placeholder="The company's time zone"
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the time zone' }}
          data={zones}
          maxDropdownHeight={260}
          key={form.key('timeZone')}
          {...form.getInputProps('timeZone')}
        />
        <TextInput label="Address" autoComplete="off" maxLength={300} key={form.key('address')} {...form.getInputProps('address')} />

        <Title order={3} fz="md" mt="xs">
          Geofence
        </Title>
        <Text size="sm" c="dimmed">
          {GEOFENCE_HELP} A press is inside when the device&apos;s position, with its accuracy, is within the radius.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput label="Latitude" placeholder="e.g. 40.7128" decimalScale={7} clampBehavior="none" key={form.key('latitude')} {...form.getInputProps('latitude')} />
          <NumberInput label="Longitude" placeholder="e.g. -74.006" decimalScale={7} clampBehavior="none" key={form.key('longitude')} {...form.getInputProps('longitude')} />
          <NumberInput
            label="Radius (metres)"
            description={`${MIN_RADIUS_M} to ${MAX_RADIUS_M.toLocaleString('en-US')}`}
            min={MIN_RADIUS_M}
            max={MAX_RADIUS_M}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            key={form.key('radiusM')}
            {...form.getInputProps('radiusM')}
          />
        </SimpleGrid>
        <Radio.Group
          label="When a press is outside the geofence"
          description="A position too vague to tell is only flagged. Breaks and clock-outs are never refused."
          key={form.key('geofenceMode')}
          {...form.getInputProps('geofenceMode')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="flag" label={FLAG_LABEL} />
            <Radio value="block" label={BLOCK_LABEL} />
          </Stack>
        </Radio.Group>

        <Title order={3} fz="md" mt="xs">
          IP allow-list
        </Title>
        <Textarea
          label="Allowed addresses"
          description={IP_ALLOW_HELP}
          autosize
          minRows={3}
          maxRows={10}
          autoComplete="off"
          spellCheck={false}
          styles={{ error: { whiteSpace: 'pre-line' } }}
          key={form.key('ipAllow')}
          {...form.getInputProps('ipAllow')}
        />
        <Radio.Group label="When a press comes from another address" key={form.key('ipMode')} {...form.getInputProps('ipMode')}>
          <Stack gap={6} mt={6}>
            <Radio value="flag" label={FLAG_LABEL} />
            <Radio value="block" label={BLOCK_LABEL} />
          </Stack>
        </Radio.Group>

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
