import './screen-styles';
import { Container, Stack } from '@mantine/core';
import { usePageTitle } from '@/components/page-title';
import { WhatsHappeningCard } from '@/features/calendar/components/whats-happening-card';
import { ClockCard } from '@/features/clock/components/clock-card';
import { KioskPinButton } from '@/features/clock/components/kiosk-pin';
import { isoDateIn } from '@/lib/dates';
import { useIdentity } from '@/lib/session';

/**
 * /clockin: the clock card, phone first (spec 000 §2 "Clock screen"), the person's kiosk PIN under
 * it (issue 40), then 'What's happening?'.
 */
export function ClockRoute() {
  const identity = useIdentity();
  usePageTitle('Clock');
  return (
    <Container size={520} px={0} py={{ base: 0, sm: 'md' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <ClockCard identity={identity} />
          <KioskPinButton identity={identity} />
        </Stack>
        <WhatsHappeningCard identity={identity} today={isoDateIn(new Date(), identity.timezone)} />
      </Stack>
    </Container>
  );
}
