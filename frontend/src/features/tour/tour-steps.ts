import { isPrivileged, isSysadmin, type Identity } from '@/lib/identity';

/**
 * The guided tour of spec 000 §4, as data. Each step points at an element marked
 * `data-tour="<target>"` (the side bar's entries carry `menu-…` keys, see app/shell/menu.ts).
 *
 * `place` says what must be on screen first: `menu` entries need the side bar open (on a phone
 * the menu covers the page, so it is opened for them), `page` content needs it closed on a
 * phone, `header` items are always in view.
 */
export type TourPlace = 'menu' | 'page' | 'header';

export interface TourStep {
  target: string;
  title: string;
  description: string;
  place: TourPlace;
}

/** Spec 000 §4: tour delays are 1 second (after the menu opens or closes, and before the first step). */
export const TOUR_DELAY_MS = 1000;

export const tourSelector = (target: string): string => `[data-tour="${target}"]`;

/** Spec 000 §4, in its order: Clock, My Team, Time Off, What's Happening, My HR, Timesheet. */
export const EMPLOYEE_TOUR: readonly TourStep[] = [
  {
    target: 'menu-clock',
    place: 'menu',
    title: 'Clock',
    description: 'Start and end your shift here, and take your breaks. It also shows the hours you worked this week.',
  },
  {
    target: 'menu-my-team',
    place: 'menu',
    title: 'My Team',
    description: 'Your colleagues: phone numbers, e-mail addresses and who is clocked in right now.',
  },
  {
    target: 'menu-time-off',
    place: 'menu',
    title: 'Time Off',
    description: 'Request time off, and see your balances and the history of your requests.',
  },
  {
    target: 'whats-happening',
    place: 'page',
    title: "What's Happening",
    description: 'This week at a glance: who is out, holidays, birthdays, work anniversaries and company events.',
  },
  {
    target: 'menu-my-hr',
    place: 'menu',
    title: 'My HR',
    description: 'Your HR events, the policies to read and acknowledge, and your documents.',
  },
  {
    target: 'menu-timesheet',
    place: 'menu',
    title: 'Timesheet',
    description: 'Your shifts, week by week. Something not right? Ask for an edit from the shift.',
  },
];

/** The admin steps after the first one, the same before and after staff were added. */
const ADMIN_TOUR_REST: readonly TourStep[] = [
  {
    target: 'menu-dashboard',
    place: 'menu',
    title: 'Dashboard',
    description: 'Who is clocked in, the hours of the week and who is out.',
  },
  {
    target: 'menu-timesheets',
    place: 'menu',
    title: 'Timesheets',
    description: "Everyone's shifts, week by week: add a shift or fix one.",
  },
  {
    target: 'menu-inbox',
    place: 'menu',
    title: 'Inbox',
    description: 'Time off and timesheet edit requests waiting for your answer.',
  },
  {
    target: 'menu-hr-broadcasts',
    place: 'menu',
    title: 'HR Broadcasts',
    description: 'Publish policies for your team to read and acknowledge, and follow who did.',
  },
  {
    target: 'quick-add',
    place: 'header',
    title: 'Quick Add',
    description: 'Add an employee, time off, an HR event or a broadcast from any screen.',
  },
];

/** Admins (and managers) whose staff are not in yet: adding them comes first. */
export const ADMIN_TOUR_BEFORE_STAFF: readonly TourStep[] = [
  {
    target: 'menu-hr-folders',
    place: 'menu',
    title: 'HR Folders',
    description: 'Start here: add your employees, one at a time or several at once. Each of them gets an e-mail to join.',
  },
  {
    target: 'menu-pto',
    place: 'menu',
    title: 'PTO',
    description: 'Set up your time off types and plans, and the balances your employees start with.',
  },
  ...ADMIN_TOUR_REST,
];

/** Admins whose staff came in through the partner integration: they are there; time off is next. */
export const ADMIN_TOUR_AFTER_STAFF: readonly TourStep[] = [
  {
    target: 'menu-hr-folders',
    place: 'menu',
    title: 'HR Folders',
    description: 'Your staff are here: we brought them over from your agency management system, and each of them got an e-mail to join.',
  },
  {
    target: 'menu-pto',
    place: 'menu',
    title: 'PTO',
    description: 'Next, set up your time off types and plans, so your team can request time off.',
  },
  ...ADMIN_TOUR_REST,
];

/**
 * Whether the welcome is offered (spec 000 §2, §4): the tour is not completed, nobody is acting as
 * the person (impersonation), and never to the system admin. Not while the account cannot record
 * it either: a suspended or expired account refuses the completion call (and shows its banner).
 */
export function tourOffered(identity: Identity, { accountBlocked }: { accountBlocked: boolean }): boolean {
  return !identity.joyride && !identity.impersonate && !isSysadmin(identity) && !identity.suspended && !accountBlocked;
}

/**
 * The steps for this person: admins and managers get the admin tour, which differs once staff
 * were added through the integration (`staffAdded`); everyone else the employee tour.
 */
export function tourStepsFor(identity: Identity, { staffAdded }: { staffAdded: boolean }): readonly TourStep[] {
  if (!isPrivileged(identity)) return EMPLOYEE_TOUR;
  return staffAdded ? ADMIN_TOUR_AFTER_STAFF : ADMIN_TOUR_BEFORE_STAFF;
}

/** Where the tour runs: the employee tour's 'What's Happening' card is on the clock screen. */
export function tourHome(identity: Identity): string | null {
  return isPrivileged(identity) ? null : '/clockin';
}
