/**
 * Money and payment cards as people read them. Amounts travel as integer cents (the contracts'
 * rule); they are shown in dollars and typed in dollars.
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one money format of the product: integer cents as dollars, 2900 -> '$29.00', 123456 -> '$1,234.56'. */
export const formatCents = (cents: number): string => USD.format(cents / 100);

/**
 * Dollars as typed ('5', '5.5', '1,234.56', '$12.00') to integer cents, or null when the text is
 * not an amount of at most two decimals. Parsed from the digits, not through floating point, so
 * '0.29' is 29 cents and never 28.
 */
export function dollarsToCents(text: string): number | null {
  const value = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(value);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a dollar amount to edit: 500 -> '5.00'. */
export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

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
export const cardExpiry = (card: { expMonth: number; expYear: number }): string => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
