import { Stack, Text } from '@mantine/core';
import { useNow } from '@/lib/use-now';

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** The kiosk's big clock: the device's local time (the kiosk stands at its location), ticking every second. */
export function KioskClock() {
  const now = useNow(1000);
  return (
    <Stack gap={0} align="flex-end" data-testid="kiosk-clock">
      <Text component="time" dateTime={new Date(now).toISOString()} fz={{ base: 36, sm: 56 }} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {TIME.format(now)}
      </Text>
      <Text fz={{ base: 'sm', sm: 'lg' }}>{DATE.format(now)}</Text>
    </Stack>
  );
}
