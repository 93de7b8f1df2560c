import { Text } from '@mantine/core';
import { greetingForHour, hourIn } from '@/lib/dates';
import type { Identity } from '@/lib/identity';

/** 'Good Morning, Ada' on the person's company clock (spec 000 §2, §9). */
export function Greeting({ identity, now }: { identity: Identity; now: Date }) {
  const greeting = greetingForHour(hourIn(now, identity.timezone));
  return (
    <Text fw={500} truncate="end" data-testid="greeting" maw={{ base: 190, xs: 260, sm: 360 }}>
      {identity.firstname ? `${greeting}, ${identity.firstname}` : greeting}
    </Text>
  );
}
