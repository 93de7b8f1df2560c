import { formatCalendarDate } from '@/lib/company-time';
import { formatCents } from '@/lib/money';

/** '7 users', '1 user'. */
export const usersCount = (users: number): string => `${users} ${users === 1 ? 'user' : 'users'}`;

/** '$3.00 × 7 users': the per-user part of a charge, before its amount. */
export const perUserRate = (perUser: number, users: number): string => `${formatCents(perUser)} × ${usersCount(users)}`;

/** 'MMM DD, YYYY' of a company day (001 §9); '—' for none. */
export const billingDay = (isoDate: string | null): string => (isoDate ? formatCalendarDate(isoDate) : '—');

/** A charge's period: 'Dec 27, 2026 – Jan 26, 2027'. */
export const chargePeriod = (start: string, end: string): string => `${billingDay(start)} – ${billingDay(end)}`;
