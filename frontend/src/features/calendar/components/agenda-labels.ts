import { addDays, formatClockTime } from '@/lib/company-time';
import type { AgendaItem } from '../api/agenda';

/**
 * How agenda items look (contract "Agenda" colours): approved time off teal, pending yellow,
 * holidays red, birthdays pink, anniversaries violet, calendar events blue; licence expiries and
 * CE due dates (issue 42, agenda type LICENCE) cyan. Shades are chosen so that the text on them
 * keeps a 4.5:1 contrast (white on the dark ones, black on yellow).
 */
export type AgendaKind = 'timeOff' | 'pending' | 'holiday' | 'birthday' | 'anniversary' | 'event' | 'licence';

export interface AgendaLook {
  /** The legend's words. */
  label: string;
  /** The badge's word in the 'What's happening?' card. */
  badge: string;
  /** A Mantine colour with its shade, for badges. */
  color: string;
  /** CSS colours, for the calendar's events and the legend. */
  background: string;
  text: string;
}

export const AGENDA_LOOKS: Record<AgendaKind, AgendaLook> = {
  timeOff: { label: 'Time Off', badge: 'Time Off', color: 'teal.9', background: 'var(--mantine-color-teal-9)', text: 'var(--mantine-color-white)' },
  pending: { label: 'Pending Time Off', badge: 'Pending', color: 'yellow.4', background: 'var(--mantine-color-yellow-4)', text: 'var(--mantine-color-black)' },
  holiday: { label: 'Holiday', badge: 'Holiday', color: 'red.9', background: 'var(--mantine-color-red-9)', text: 'var(--mantine-color-white)' },
  birthday: { label: 'Birthday', badge: 'Birthday', color: 'pink.9', background: 'var(--mantine-color-pink-9)', text: 'var(--mantine-color-white)' },
  anniversary: { label: 'Anniversary', badge: 'Anniversary', color: 'violet.9', background: 'var(--mantine-color-violet-9)', text: 'var(--mantine-color-white)' },
  event: { label: 'Event', badge: 'Event', color: 'blue.8', background: 'var(--mantine-color-blue-8)', text: 'var(--mantine-color-white)' },
  licence: { label: 'Licence', badge: 'Licence', color: 'cyan.9', background: 'var(--mantine-color-cyan-9)', text: 'var(--mantine-color-white)' },
};

/** The legend's words for pending time off when the viewer sees only their own. */
export const MY_PENDING_LABEL = 'My Pending Time Off';

/** The legend's order ('Licence' only while such an item is shown: most companies hold no licences). */
export const AGENDA_KINDS: readonly AgendaKind[] = ['timeOff', 'pending', 'holiday', 'birthday', 'anniversary', 'event', 'licence'];

export function agendaKind(item: Pick<AgendaItem, 'agendaType' | 'status'>): AgendaKind {
  switch (item.agendaType) {
    case 'PTO_REQUEST':
      return item.status === 3 ? 'timeOff' : 'pending';
    case 'HOLIDAY':
      return 'holiday';
    case 'BIRTHDAY':
      return 'birthday';
    case 'ANNIVERSARY':
      return 'anniversary';
    case 'LICENCE':
      return 'licence';
    default:
      return 'event';
  }
}

export const isCalendarEvent = (item: Pick<AgendaItem, 'agendaType'>): boolean => item.agendaType === 'HrCalendarEvent';

export const personName = (item: Pick<AgendaItem, 'firstname' | 'lastname'>): string => `${item.firstname ?? ''} ${item.lastname ?? ''}`.trim();

/** What an item is about, in a few words: 'Emma Brooks – Vacation', 'Thanksgiving', 'Team lunch'. */
export function agendaTitle(item: AgendaItem): string {
  const person = personName(item);
  const kind = agendaKind(item);
  const name = item.name ?? AGENDA_LOOKS[kind].label;
  if (kind === 'holiday') return name;
  if (kind === 'event') return person ? `${name} – ${person}` : name;
  const what = kind === 'pending' ? `${name} (pending)` : name;
  return person ? `${person} – ${what}` : what;
}

/** The company day of a wall time 'YYYY-MM-DD HH:mm:ss'. */
export const dayOf = (wallTime: string): string => wallTime.slice(0, 10);

/** '9:00 AM – 10:30 AM' for an item with times on one day; '' for all-day items. */
export function agendaTimes(item: AgendaItem): string {
  if (item.allday === 1) return '';
  const start = formatClockTime(item.start.slice(11, 16));
  const end = formatClockTime(item.end.slice(11, 16));
  return dayOf(item.start) === dayOf(item.end) ? `${start} – ${end}` : `${start} – ${end} (${dayOf(item.end).slice(5).replace('-', '/')})`;
}

/** Every day from `start` to `end` (both included) that an item covers. */
export function daysOfItem(item: AgendaItem, start: string, end: string): string[] {
  const first = dayOf(item.start) > start ? dayOf(item.start) : start;
  const last = dayOf(item.end) < end ? dayOf(item.end) : end;
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
