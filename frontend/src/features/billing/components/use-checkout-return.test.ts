import { describe, expect, it } from 'vitest';
import { activationNotice, checkoutReturnOf } from './use-checkout-return';

const CHARGE = {
  id: 1,
  modifyDate: '2026-12-27',
  periodStart: '2026-12-27',
  periodEnd: '2027-01-26',
  userCount: 7,
  baseAmount: 800,
  perUserAmount: 2100,
  totalAmount: 2900,
  attempts: 1,
  discount: 0,
};

describe('the return from checkout', () => {
  it.each([
    ['?session_id=cs_1&action=activate', { sessionId: 'cs_1', action: 'activate' }],
    ['?session_id=cs_2&action=update-card&supended=1', { sessionId: 'cs_2', action: 'update-card' }],
    ['?session_id=cs_3', null],
    ['?session_id=&action=activate', null],
    ['?session_id=cs_4&action=refund', null],
    ['?supended=1', null],
  ])('%s -> %o', (search, expected) => {
    expect(checkoutReturnOf(new URLSearchParams(search))).toEqual(expected);
  });

  it('is a success only with activationStatus 1 and a first charge that was not declined', () => {
    expect(activationNotice({ activationStatus: 1, message: 'Your subscription is active.', charge: { ...CHARGE, status: 'paid' } })).toEqual({
      ok: true,
      message: 'Your subscription is active.',
      reactivated: false,
    });
    expect(activationNotice({ activationStatus: 1, message: 'Your credit card is invalid.', charge: { ...CHARGE, status: 'retrying' } })).toMatchObject({
      ok: false,
      message: 'Sorry Your credit card is invalid.',
    });
    expect(activationNotice({ activationStatus: 0, message: 'Your credit card is invalid.', charge: null }).ok).toBe(false);
  });
});
