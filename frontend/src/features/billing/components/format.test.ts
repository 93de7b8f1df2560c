import { describe, expect, it } from 'vitest';
import { billingDay, cardBrand, cardExpiry, chargePeriod, formatCents, perUserRate, usersCount } from './format';

describe('billing formats', () => {
  it.each([
    [2900, '$29.00'],
    [800, '$8.00'],
    [300, '$3.00'],
    [0, '$0.00'],
    [5, '$0.05'],
    [1999, '$19.99'],
    [123456, '$1,234.56'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('writes the per-user part of a charge as price × users', () => {
    expect(perUserRate(300, 7)).toBe('$3.00 × 7 users');
    expect(perUserRate(300, 1)).toBe('$3.00 × 1 user');
    expect(usersCount(0)).toBe('0 users');
  });

  it('names card brands and writes the expiry as MM/YYYY', () => {
    expect(cardBrand('visa')).toBe('Visa');
    expect(cardBrand('amex')).toBe('American Express');
    expect(cardBrand('MasterCard')).toBe('Mastercard');
    expect(cardBrand('elo')).toBe('Elo');
    expect(cardExpiry({ expMonth: 3, expYear: 2030 })).toBe('03/2030');
    expect(cardExpiry({ expMonth: 12, expYear: 2031 })).toBe('12/2031');
  });

  it("shows company days as 'MMM DD, YYYY' (001 §9)", () => {
    expect(billingDay('2026-12-27')).toBe('Dec 27, 2026');
    expect(billingDay(null)).toBe('—');
    expect(chargePeriod('2026-12-27', '2027-01-26')).toBe('Dec 27, 2026 – Jan 26, 2027');
  });
});
