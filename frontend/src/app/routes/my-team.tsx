import './screen-styles';
import { usePageTitle } from '@/components/page-title';
import { TeamScreen } from '@/features/team/components/team-screen';
import { useIdentity } from '@/lib/session';

/** /my-team: everyone of the company (not the system admin). */
export function MyTeamRoute() {
  const identity = useIdentity();
  usePageTitle('My Team');
  return <TeamScreen identity={identity} />;
}
