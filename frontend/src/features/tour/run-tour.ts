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

/** How long a step waits for its target to be on screen, still and uncovered (a menu or drawer moving, a card loading). */
export const TARGET_WAIT_MS = 4000;
const TARGET_POLL_MS = 100;

/** The tour's own layers (its shade and popover) are not what could hide a target. */
const isTourLayer = (element: Element): boolean => element.closest('.driver-popover, .driver-overlay') !== null;

/**
 * Whether `target` can be pointed at now: it has a size, its centre is in the window, and the
 * topmost thing there (the tour's own layers aside) is the target or inside it — not a drawer, a
 * modal or its shade over it. Without a layout engine (unit tests) there is nothing to measure.
 */
export function isUnobstructed(target: Element): boolean {
  if (typeof document.elementsFromPoint !== 'function') return true;
  const rect = target.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return false;
  const x = rect.left + rect.width / 2;
  const y = rect.top + Math.min(rect.height / 2, 20);
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
  // While a step shows, the tour turns pointer events off everywhere but its target, which also
  // hides everything else from hit testing; it is lifted for the measurement (synchronously: no
  // frame is drawn in between).
  const running = document.documentElement.classList.contains('driver-active') || document.body.classList.contains('driver-active');
  const holders = [document.documentElement, document.body].filter((element) => element.classList.contains('driver-active'));
  holders.forEach((element) => element.classList.remove('driver-active'));
  try {
    const top = document.elementsFromPoint(x, y).find((element) => !isTourLayer(element));
    return top !== undefined && (top === target || target.contains(top));
  } finally {
    if (running) holders.forEach((element) => element.classList.add('driver-active'));
  }
}

const sameBox = (a: DOMRect, b: DOMRect) => a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height;

/**
 * The step's target once it is shown, still (the same box twice in a row: a menu sliding in or a
 * card filling has settled) and unobstructed; null when that does not happen in TARGET_WAIT_MS.
 */
async function settledTarget(selector: string, over: () => boolean): Promise<Element | null> {
  const layout = typeof document.elementsFromPoint === 'function';
  const deadline = Date.now() + TARGET_WAIT_MS;
  let last: DOMRect | null = null;
  for (;;) {
    if (over()) return null;
    const target = document.querySelector(selector);
    if (target && !layout) return target;
    if (target) {
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = target.getBoundingClientRect();
      if (last && sameBox(last, box) && isUnobstructed(target)) return target;
      last = box;
    } else {
      last = null;
    }
    if (Date.now() >= deadline) return null;
    await wait(TARGET_POLL_MS);
  }
}

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
      // Pointing at a hidden or covered element would highlight whatever lies on top of it.
      if (!(await settledTarget(tourSelector(step.target), () => over))) {
        if (!over) finish('missing-target');
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
