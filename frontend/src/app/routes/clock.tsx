import { Container } from '@mantine/core';
import { usePageTitle } from '@/components/page-title';
import { ClockCard } from '@/features/clock/components/clock-card';
import { useIdentity } from '@/lib/session';

/** /clockin: the clock card, phone first (spec 000 §2 "Clock screen"). */
export function ClockRoute() {
  const identity = useIdentity();
  usePageTitle('Clock');
  return (
    <Container size={520} px={0} py={{ base: 0, sm: 'md' }}>
      <ClockCard identity={identity} />
    </Container>
  );
}
