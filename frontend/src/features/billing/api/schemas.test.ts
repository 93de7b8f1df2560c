import { describe, expect, it } from 'vitest';
import { activateResponseSchema, billingDataSchema, chargesPageSchema, updateCardResponseSchema } from './schemas';

/** The contract's example of GET /myaccount/data (docs/contracts/billing.md). */
const CONTRACT_DATA = {
  status: 'trial',
  stripeKey: 'pk_test_x',
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  subscription: { startDate: '2026-11-27', recurringDay: 27, nextChargeDate: '2026-12-27' },
  trialEnd: '2026-12-27',
  trialStart: '2026-11-27',
  trialDaysLeft: 30,
  employeeCount: 7,
  chargeDetail: { base: 800, perUser: 300, users: 7, perUserTotal: 2100 },
  totalCharge: 2900,
  lastCharge: null,
  amountDue: 0,
  activateSessionId: 'cs_1',
  activateUrl: 'http://provider/checkout/cs_1',
  updateSessionId: null,
  updateUrl: null,
  reactivated: false,
};

const CHARGE = {
  id: 3,
  modifyDate: '2026-12-27',
  periodStart: '2026-12-27',
  periodEnd: '2027-01-26',
  userCount: 7,
  baseAmount: 800,
  perUserAmount: 2100,
  totalAmount: 2900,
  status: 'paid',
  attempts: 1,
};

describe('billing schemas', () => {
  it("reads the contract's data example", () => {
    const data = billingDataSchema.parse(CONTRACT_DATA);
    expect(data.card?.last4).toBe('4242');
    expect(data.chargeDetail.perUserTotal).toBe(2100);
    expect(data.activateUrl).toBe('http://provider/checkout/cs_1');
  });

  it('reads absent optional fields as null, 0 or false', () => {
    const rest: Record<string, unknown> = { ...CONTRACT_DATA };
    for (const key of ['card', 'subscription', 'lastCharge', 'amountDue', 'reactivated', 'updateUrl']) delete rest[key];
    const data = billingDataSchema.parse(rest);
    expect(data).toMatchObject({ card: null, subscription: null, lastCharge: null, amountDue: 0, reactivated: false, updateUrl: null });
  });

  it('refuses a status or a charge state outside the contract, and amounts that are not whole cents', () => {
    expect(billingDataSchema.safeParse({ ...CONTRACT_DATA, status: 'expired' }).success).toBe(false);
    expect(billingDataSchema.safeParse({ ...CONTRACT_DATA, totalCharge: 29.0001 }).success).toBe(false);
    expect(chargesPageSchema.safeParse({ charges: [{ ...CHARGE, status: 'refunded' }], chargeCount: 1, page: 1, pageSize: 10 }).success).toBe(false);
  });

  it('reads the promotion and the discounts when the server sends them, and their absence as none', () => {
    // An answer from before promotions: no `promotion`, no `discount`.
    expect(billingDataSchema.parse(CONTRACT_DATA).promotion).toBeNull();
    expect(chargesPageSchema.parse({ charges: [CHARGE], chargeCount: 1, page: 1, pageSize: 10 }).charges[0]?.discount).toBe(0);
    const promotion = { code: 'WELCOME', description: '20% off', monthsLeft: 2 };
    expect(billingDataSchema.parse({ ...CONTRACT_DATA, promotion }).promotion).toEqual(promotion);
    expect(billingDataSchema.parse({ ...CONTRACT_DATA, promotion: { code: 'FOREVER', monthsLeft: null } }).promotion).toEqual({ code: 'FOREVER', description: '', monthsLeft: null });
    expect(billingDataSchema.parse({ ...CONTRACT_DATA, promotion: null }).promotion).toBeNull();
    expect(chargesPageSchema.parse({ charges: [{ ...CHARGE, discount: 580 }], chargeCount: 1, page: 1, pageSize: 10 }).charges[0]?.discount).toBe(580);
    expect(chargesPageSchema.safeParse({ charges: [{ ...CHARGE, discount: 5.8 }], chargeCount: 1, page: 1, pageSize: 10 }).success).toBe(false);
  });

  it('reads the charges page and the answers of activate and update-card', () => {
    expect(chargesPageSchema.parse({ charges: [CHARGE], chargeCount: 1, page: 1, pageSize: 10 }).charges[0]?.status).toBe('paid');
    expect(activateResponseSchema.parse({ activationStatus: 1, message: 'Your subscription is active.', charge: CHARGE }).charge?.totalAmount).toBe(2900);
    expect(updateCardResponseSchema.parse({ card: CONTRACT_DATA.card, message: 'Your payment method has been updated.' }).reactivated).toBe(false);
  });
});
