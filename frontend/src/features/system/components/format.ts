import { formatCalendarDate, formatDateTime, formatMediumDate } from '@/lib/company-time';
import { formatCents } from '@/lib/money';
import type { Promot, SystemUser } from '../api/schemas';

/**
 * How the system screens write what the server sends. Instants are shown on the operator's wall
 * clock (their session's zone); days as they are (they are the company's days).
 */

/** 'Nov 01, 2026' of an instant; '—' for none. */
export const instantDay = (instant: string | null, timeZone?: string): string => (instant ? formatMediumDate(instant, timeZone) : '—');

/** '11/01/2026 09:00 AM' of an instant; '—' for none. */
export const instantTime = (instant: string | null, timeZone?: string): string => (instant ? formatDateTime(instant, timeZone) : '—');

/** 'Dec 27, 2026' of a day 'YYYY-MM-DD'; '—' for none. */
export const dayText = (isoDate: string | null): string => (isoDate ? formatCalendarDate(isoDate) : '—');

/** A charge's period: 'Nov 27, 2026 – Dec 26, 2026'. */
export const periodText = (start: string, end: string): string => `${dayText(start)} – ${dayText(end)}`;

/** 'Dec 2025' of a month 'YYYY-MM'. */
export function monthText(month: string): string {
  const [year, m] = month.split('-');
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1] ?? month} ${year ?? ''}`.trim();
}

/** A promotion's discount: '20% off', '$5.00 off'. */
export const discountText = (promot: Pick<Promot, 'percentOff' | 'amountOff'>): string =>
  promot.percentOff !== null ? `${promot.percentOff}% off` : promot.amountOff !== null ? `${formatCents(promot.amountOff)} off` : '—';

/** How many charges a promotion applies to: '3 months', '1 month', 'Every charge'. */
export const monthsText = (months: number | null): string => (months === null ? 'Every charge' : `${months} ${months === 1 ? 'month' : 'months'}`);

/** What is left of a redeemed promotion: '2 charges left', 'every charge'. */
export const monthsLeftText = (monthsLeft: number | null): string =>
  monthsLeft === null ? 'every charge' : `${monthsLeft} ${monthsLeft === 1 ? 'charge' : 'charges'} left`;

/** '12 users', '1 user'. */
export const usersText = (users: number): string => `${users} ${users === 1 ? 'user' : 'users'}`;

/** 'Ann Owner'; '' when the user has no name. */
export const fullName = (user: Pick<SystemUser, 'firstname' | 'lastname'>): string => `${user.firstname} ${user.lastname}`.trim();
