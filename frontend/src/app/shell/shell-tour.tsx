import { useLocation, useSearchParams } from 'react-router';
import { GuidedTour } from '@/features/tour/components/guided-tour';
import { tourOffered } from '@/features/tour/tour-steps';
import { isTrialExpired } from '@/lib/dates';
import { useEmployees } from '@/lib/employees';
import { isPrivileged, type Identity } from '@/lib/identity';
import { setPasswordRequired } from './set-password-modal';

/** A modal the person must deal with first is up (setting a password): nothing else opens over it. */
export function useRequiredModalUp(identity: Identity): boolean {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return setPasswordRequired(identity, params) || pathname === '/change-my-password';
}

/** The welcome may show now (spec 000 §2, §4), once no required modal is up. */
export function useTourOffered(identity: Identity): boolean {
  const modalUp = useRequiredModalUp(identity);
  return tourOffered(identity, { accountBlocked: isTrialExpired(identity.trialEnd, new Date(), identity.timezone) }) && !modalUp;
}

interface ShellTourProps {
  identity: Identity;
  isPhone: boolean;
  setMenuOpen: (open: boolean) => void;
  /** The tour is running or its done modal is up (the welcome itself counts through `useTourOffered`). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * The welcome and the tour (spec 000 §2, §4): offered to a member of a company who has not been
 * through it, once the mandatory set-password modal is done. Admins' steps differ once staff
 * came in through the partner integration: then their company has people besides them.
 */
export function ShellTour({ identity, isPhone, setMenuOpen, onBusyChange }: ShellTourProps) {
  const offered = useTourOffered(identity);
  const askStaff = offered && isPrivileged(identity) && identity.integratedWithAz;
  const staff = useEmployees({ q: '' }, { enabled: askStaff });
  return (
    <GuidedTour
      identity={identity}
      offered={offered}
      staffAdded={askStaff && (staff.data?.totalCount ?? 0) > 1}
      isPhone={isPhone}
      setMenuOpen={setMenuOpen}
      onBusyChange={onBusyChange}
    />
  );
}
