import { TOUR_DELAY_MS, tourSelector, type TourStep } from './tour-steps';
import type { Driver, DriveStep } from './tour-driver';

/** How a tour ended: the last step's 'Finish', closed by the person, or a step's target missing. */
export type TourEnd = 'finished' | 'closed' | 'missing-target';

export interface RunTourOptions {
  steps: readonly TourStep[];
  /** Whether the screen is a phone's now (the menu then covers the page). */
  isPhone: () => boolean;
  /** Opens or closes the shell's side bar. */
  setMenuOpen: (open: boolean) => void;
  /** Spec 000 §4: admins expand the menu before the first step. */
  expandMenuFirst: boolean;
}

export interface RunningTour {
  /** Settles once, when the tour ends. */
  ended: Promise<TourEnd>;
  /** Ends it from outside (the shell going away): counts as closed. */
  stop: () => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Runs the stepped tour over the marked elements (`data-tour`). Before each step the menu is
 * put as the step needs it (tour-steps.ts, `place`); when that changed anything the page gets
 * TOUR_DELAY_MS to settle, as it does before the first step. A step whose target is not on the
 * page ends the tour (spec 000 §4) rather than pointing at nothing.
 */
export function runTour({ steps, isPhone, setMenuOpen, expandMenuFirst }: RunTourOptions): RunningTour {
  let tour: Driver | null = null;
  let over = false;
  let moving = false;
  let menuOpen: boolean | null = null;
  let settle: (end: TourEnd) => void = () => undefined;
  const ended = new Promise<TourEnd>((resolve) => {
    settle = resolve;
  });

  const finish = (end: TourEnd) => {
    if (over) return;
    over = true;
    // destroy() (unlike a close by the person) does not call onDestroyStarted again.
    tour?.destroy();
    settle(end);
  };

  /** Puts the menu where `step` needs it; whether anything moved. */
  const placeMenu = (step: TourStep): boolean => {
    const wanted = step.place === 'menu' ? true : step.place === 'page' && isPhone() ? false : null;
    if (wanted === null || wanted === menuOpen) return false;
    menuOpen = wanted;
    setMenuOpen(wanted);
    return true;
  };

  const show = async (index: number) => {
    if (over || moving || !tour) return;
    const step = steps[index];
    if (!step) {
      finish('finished');
      return;
    }
    moving = true;
    try {
      if (placeMenu(step)) await wait(TOUR_DELAY_MS);
      if (over) return;
      if (!document.querySelector(tourSelector(step.target))) {
        finish('missing-target');
        return;
      }
      if (tour.isActive()) tour.moveTo(index);
      else tour.drive(index);
    } finally {
      moving = false;
    }
  };

  const toDriveStep = (step: TourStep): DriveStep => ({
    // Looked up when shown: show() has just checked that it is there.
    element: () => document.querySelector(tourSelector(step.target)) as Element,
    popover: {
      title: step.title,
      description: step.description,
      side: step.place === 'menu' && !isPhone() ? 'right' : 'bottom',
      align: step.place === 'header' ? 'end' : 'start',
    },
  });

  void (async () => {
    if (expandMenuFirst) {
      menuOpen = true;
      setMenuOpen(true);
    }
    await wait(TOUR_DELAY_MS);
    const { driver } = await import('./tour-driver');
    if (over) return;
    tour = driver({
      steps: steps.map(toDriveStep),
      popoverClass: 'timekeep-tour',
      animate: !prefersReducedMotion(),
      smoothScroll: false,
      allowClose: true,
      // A stray tap on the shade must not end the tour (and mark it done).
      overlayClickBehavior: () => undefined,
      showProgress: true,
      progressText: '{{current}} of {{total}}',
      nextBtnText: 'Next',
      prevBtnText: 'Back',
      doneBtnText: 'Finish',
      onNextClick: (_element, _step, { driver: running }) => void show((running.getActiveIndex() ?? -1) + 1),
      onPrevClick: (_element, _step, { driver: running }) => void show((running.getActiveIndex() ?? 1) - 1),
      // The close button and Escape.
      onDestroyStarted: () => finish('closed'),
    });
    await show(0);
  })().catch(() => finish('closed'));

  return { ended, stop: () => finish('closed') };
}
