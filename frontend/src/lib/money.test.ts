import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpiry, centsToDollars, dollarsToCents, formatCents } from './money';

describe('money', () => {
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

  it.each([
    ['5', 500],
    ['5.5', 550],
    ['0.29', 29],
    ['1,234.56', 123456],
    ['$12.00', 1200],
    [' 7. ', 700],
  ])('reads %s dollars as %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', '.5x']) expect(dollarsToCents(text)).toBeNull();
    expect(centsToDollars(550)).toBe('5.50');
  });

  it('names card brands and writes the expiry as MM/YYYY', () => {
    expect(cardBrand('visa')).toBe('Visa');
    expect(cardBrand('amex')).toBe('American Express');
    expect(cardBrand('MasterCard')).toBe('Mastercard');
    expect(cardBrand('elo')).toBe('Elo');
    expect(cardExpiry({ expMonth: 3, expYear: 2030 })).toBe('03/2030');
    expect(cardExpiry({ expMonth: 12, expYear: 2031 })).toBe('12/2031');
  });
});
