import './timesheet-styles';
import '@mantine/core/styles/SegmentedControl.css';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import type { TeamSpan } from '@/features/timesheet/api/get-team-timesheet';
import { TeamTimesheetScreen } from '@/features/timesheet/components/team-timesheet-screen';
import { isIsoDate } from '@/lib/company-time';
import { isoDateIn } from '@/lib/dates';
import { useIdentity } from '@/lib/session';

/**
 * /timesheet/team (admins and managers): the team's week or pay period. The period lives in the
 * address (`date`, `span`), so the arrows and the browser's back button agree.
 */
export function TeamTimesheetRoute() {
  const identity = useIdentity();
  const [search, setSearch] = useSearchParams();
  usePageTitle('Team Timesheet');
  const given = search.get('date');
  const date = isIsoDate(given) ? given : isoDateIn(new Date(), identity.timezone);
  const span: TeamSpan = search.get('span') === 'payPeriod' ? 'payPeriod' : 'week';
  return <TeamTimesheetScreen identity={identity} date={date} span={span} onChange={(next) => setSearch({ date: next.date, span: next.span })} />;
}
