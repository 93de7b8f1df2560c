import { describe, expect, it } from 'vitest';
import { billingDay, chargePeriod, perUserRate, usersCount } from './format';

describe('billing formats', () => {
  it('writes the per-user part of a charge as price × users', () => {
    expect(perUserRate(300, 7)).toBe('$3.00 × 7 users');
    expect(perUserRate(300, 1)).toBe('$3.00 × 1 user');
    expect(usersCount(0)).toBe('0 users');
  });

  it("shows company days as 'MMM DD, YYYY' (001 §9)", () => {
    expect(billingDay('2026-12-27')).toBe('Dec 27, 2026');
    expect(billingDay(null)).toBe('—');
    expect(chargePeriod('2026-12-27', '2027-01-26')).toBe('Dec 27, 2026 – Jan 26, 2027');
  });
});
