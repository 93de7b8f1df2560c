import './screen-styles';
import { useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { TimeOffScreen, timeOffTitle } from '@/features/pto/components/time-off-screen';
import { useIdentity } from '@/lib/session';

/**
 * /pto (spec 000 §2 "PTO screen"), for every member of a company: 'My Time Off' for employees,
 * 'Time Off' for admins and managers. `?add=1` (quick add's 'Add Time Off') opens the request form
 * in view with the focus on it; each visit of that address (a new location key) does it again.
 */
export function TimeOffRoute() {
  const identity = useIdentity();
  const [search] = useSearchParams();
  const location = useLocation();
  usePageTitle(timeOffTitle(identity));
  const addRequest = search.get('add') === '1' ? location.key : null;
  return <TimeOffScreen identity={identity} addRequest={addRequest} />;
}
