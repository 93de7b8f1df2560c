import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPrivileged, type Identity } from '@/lib/identity';
import { useCompleteJoyride } from '../api/complete-joyride';
import { runTour, type RunningTour } from '../run-tour';
import { tourHome, tourStepsFor } from '../tour-steps';
import { TourDoneModal, type NextStep } from './tour-done-modal';
import { WelcomeModal } from './welcome-modal';

type Phase = 'welcome' | 'touring' | 'done' | 'over';

/** Spec 001 §2: the onboarding continues on the employee list (`inJoyride`, `joyhop`). */
export const ADD_STAFF_IN_TOUR = '/admin/manage/add-batch?inJoyride=1';
export const SEE_STAFF_IN_TOUR = '/admin/manage?joyhop=1';

/**
 * Admins leave the tour towards their staff: adding them (add-batch during the tour, which then
 * lands on `/admin/manage?inJoyride=1`), or — when the partner integration brings them (its
 * accounts have no 'Add Multiple') — seeing them (`?joyhop=1`); both offer 'Setup PTO Now'.
 */
function nextStepFor(identity: Identity): NextStep | null {
  if (!isPrivileged(identity)) return null;
  return identity.integratedWithAz
    ? { label: 'See Your Team', to: SEE_STAFF_IN_TOUR }
    : { label: 'Add Your Employees', to: ADD_STAFF_IN_TOUR };
}

export interface GuidedTourProps {
  identity: Identity;
  /** The welcome may show now (tour-steps.ts `tourOffered`, and no mandatory modal is open). */
  offered: boolean;
  /** Admins: staff were added through the partner integration (the admin steps differ). */
  staffAdded: boolean;
  isPhone: boolean;
  /** Opens or closes the shell's side bar. */
  setMenuOpen: (open: boolean) => void;
  /** Told when the tour starts running and when it is over (done modal closed): nothing else opens over it meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The welcome, the tour and the done modal (spec 000 §2, §4). 'Get Started' runs the tour for
 * this person; finishing it shows the done modal. Skipping the welcome, closing the tour and a
 * missing target also record the tour as done: the welcome is an offer made once, not a
 * reminder at every sign-in.
 */
export function GuidedTour({ identity, offered, staffAdded, isPhone, setMenuOpen, onBusyChange }: GuidedTourProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const complete = useCompleteJoyride();
  const [phase, setPhase] = useState<Phase>('welcome');
  const running = useRef<RunningTour | null>(null);
  const phone = useRef(isPhone);
  const menu = useRef(setMenuOpen);
  useEffect(() => {
    phone.current = isPhone;
    menu.current = setMenuOpen;
  });
  // Leaving the signed-in screens ends a tour in progress.
  useEffect(() => () => running.current?.stop(), []);
  const busy = phase === 'touring' || phase === 'done';
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const { mutate: record } = complete;

  const start = () => {
    setPhase('touring');
    const home = tourHome(identity);
    if (home && pathname !== home) void navigate(home);
    const tour = runTour({
      steps: tourStepsFor(identity, { staffAdded }),
      isPhone: () => phone.current,
      setMenuOpen: (open) => menu.current(open),
      expandMenuFirst: isPrivileged(identity),
    });
    running.current = tour;
    void tour.ended.then((end) => {
      running.current = null;
      // On a phone the menu covers the page: the tour leaves it closed.
      if (phone.current) menu.current(false);
      record();
      setPhase(end === 'finished' ? 'done' : 'over');
    });
  };

  const skip = () => {
    setPhase('over');
    record();
  };

  return (
    <>
      <WelcomeModal opened={offered && phase === 'welcome'} firstname={identity.firstname} onStart={start} onSkip={skip} />
      <TourDoneModal opened={phase === 'done'} onClose={() => setPhase('over')} next={nextStepFor(identity)} />
    </>
  );
}
