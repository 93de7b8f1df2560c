import { useLocation, useSearchParams } from 'react-router';
import { GuidedTour } from '@/features/tour/components/guided-tour';
import { tourOffered } from '@/features/tour/tour-steps';
import { isTrialExpired } from '@/lib/dates';
import { useEmployees } from '@/lib/employees';
import { isPrivileged, type Identity } from '@/lib/identity';
import { setPasswordRequired } from './set-password-modal';

/**
 * The welcome and the tour (spec 000 §2, §4): offered to a member of a company who has not been
 * through it, once the mandatory set-password modal is done. Admins' steps differ once staff
 * came in through the partner integration: then their company has people besides them.
 */
export function ShellTour({ identity, isPhone, setMenuOpen }: { identity: Identity; isPhone: boolean; setMenuOpen: (open: boolean) => void }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const offered =
    tourOffered(identity, { accountBlocked: isTrialExpired(identity.trialEnd, new Date(), identity.timezone) }) &&
    !setPasswordRequired(identity, params) &&
    pathname !== '/change-my-password';
  const askStaff = offered && isPrivileged(identity) && identity.integratedWithAz;
  const staff = useEmployees({ q: '' }, { enabled: askStaff });
  return (
    <GuidedTour
      identity={identity}
      offered={offered}
      staffAdded={askStaff && (staff.data?.totalCount ?? 0) > 1}
      isPhone={isPhone}
      setMenuOpen={setMenuOpen}
    />
  );
}
