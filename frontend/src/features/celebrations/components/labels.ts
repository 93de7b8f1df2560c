import { formatCalendarDate, plural } from '@/lib/company-time';
import type { Celebration, CelebrationType, MessageSource } from '../api/celebrations';

/** Texts of the celebrations screens. */
export const CELEBRATION_TEXTS = {
  empty: 'No data',
  saved: 'The message has been saved.',
  sent: 'The message has been sent.',
  deleted: 'The custom message has been deleted.',
  reset: 'The company message is back to the system default.',
  placeholders: 'Placeholders: {firstname}, {lastname}, {years} (anniversaries) and {company} are replaced when the message is sent.',
} as const;

/** Birthday pink and anniversary violet, as on the calendar. */
export const TYPE_LOOKS: Record<CelebrationType, { label: string; color: string }> = {
  BIRTHDAY: { label: 'Birthday', color: 'pink.9' },
  ANNIVERSARY: { label: 'Anniversary', color: 'violet.9' },
};

export const SOURCE_LABELS: Record<MessageSource, string> = {
  custom: 'A message written for this person',
  company: "The company's message",
  system: 'The system default',
};

/** 'Today', 'in 1 day', 'in 12 days'. */
export const daysAwayText = (daysAway: number): string => (daysAway <= 0 ? 'Today' : `in ${plural(daysAway, 'day')}`);

/** 'Nov 20, 2026'. */
export const celebrationDate = (celebration: Pick<Celebration, 'date'>): string => formatCalendarDate(celebration.date);

/** '5 years' of an anniversary; '' for a birthday. */
export const yearsText = (celebration: Pick<Celebration, 'type' | 'years'>): string =>
  celebration.type === 'ANNIVERSARY' && celebration.years !== null ? plural(celebration.years, 'year') : '';

export const fullName = (p: { firstname: string; lastname: string }): string => `${p.firstname} ${p.lastname}`.trim();

/** Side panels of messages are 650 wide (phones: full width). */
export const MESSAGE_DOCK_WIDTH = 650;
