import { formatCalendarDate } from '@/lib/company-time';
import type { Card } from '../api/schemas';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one money format of billing: integer cents as dollars, 2900 -> '$29.00', 123456 -> '$1,234.56'. */
export const formatCents = (cents: number): string => USD.format(cents / 100);

/** '7 users', '1 user'. */
export const usersCount = (users: number): string => `${users} ${users === 1 ? 'user' : 'users'}`;

/** '$3.00 × 7 users': the per-user part of a charge, before its amount. */
export const perUserRate = (perUser: number, users: number): string => `${formatCents(perUser)} × ${usersCount(users)}`;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The provider's brand code as people know it ('visa' -> 'Visa'); an unknown one capitalised. */
export function cardBrand(brand: string): string {
  const known = BRANDS[brand.toLowerCase()];
  if (known) return known;
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
}

/** A card's expiry as 'MM/YYYY'. */
export const cardExpiry = (card: Pick<Card, 'expMonth' | 'expYear'>): string => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

/** 'MMM DD, YYYY' of a company day (001 §9); '—' for none. */
export const billingDay = (isoDate: string | null): string => (isoDate ? formatCalendarDate(isoDate) : '—');

/** A charge's period: 'Dec 27, 2026 – Jan 26, 2027'. */
export const chargePeriod = (start: string, end: string): string => `${billingDay(start)} – ${billingDay(end)}`;
