import './screen-styles';
// The calendar's switch between its grid and its list.
import '@mantine/core/styles/SegmentedControl.css';
import { usePageTitle } from '@/components/page-title';
import { TeamCalendarScreen } from '@/features/calendar/components/team-calendar-screen';
import { isoDateIn } from '@/lib/dates';
import { useIdentity } from '@/lib/session';

/** /team-calendar (000 §2): every member of a company. */
export function TeamCalendarRoute() {
  const identity = useIdentity();
  usePageTitle('Team Calendar');
  return <TeamCalendarScreen identity={identity} today={isoDateIn(new Date(), identity.timezone)} />;
}
