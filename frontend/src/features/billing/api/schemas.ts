import { z } from '@/lib/zod';

/**
 * The answers of the `/myaccount/*` calls (docs/contracts/billing.md; spec 001 §3 "Billing"). Money
 * is integer cents; dates are the company's days 'YYYY-MM-DD'.
 */

const cents = z.number().int();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
const nullableDay = day.nullable().optional().transform((v) => v ?? null);
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/** The company's billing state (contract "Company states"). */
export const BILLING_STATUSES = ['trial', 'active', 'past_due', 'suspended'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** A charge's state: being charged, paid, declined with another attempt scheduled, declined on every attempt. */
export const CHARGE_STATUSES = ['pending', 'paid', 'retrying', 'failed'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const cardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type Card = z.output<typeof cardSchema>;

export const chargeSchema = z.object({
  id: z.number().int(),
  /** The day the charge was last changed (made, paid or declined). */
  modifyDate: day,
  periodStart: day,
  periodEnd: day,
  userCount: z.number().int(),
  baseAmount: cents,
  perUserAmount: cents,
  totalAmount: cents,
  status: z.enum(CHARGE_STATUSES),
  attempts: z.number().int().optional().transform((v) => v ?? 0),
  /** What a promotion took off the charge (cents); 0 without one, and from servers before promotions. */
  discount: cents.optional().transform((v) => v ?? 0),
});
export type Charge = z.output<typeof chargeSchema>;

export const subscriptionSchema = z.object({
  startDate: day,
  recurringDay: z.number().int(),
  nextChargeDate: nullableDay,
});
export type Subscription = z.output<typeof subscriptionSchema>;

/** What the next charge would be now: `perUserTotal` = `perUser` × `users`. */
export const chargeDetailSchema = z.object({
  base: cents,
  perUser: cents,
  users: z.number().int(),
  perUserTotal: cents,
});
export type ChargeDetail = z.output<typeof chargeDetailSchema>;

/**
 * The promotion code the company redeemed (docs/contracts/system.md "Promotions"): `monthsLeft`
 * charges still discounted, null for every charge.
 */
export const promotionSchema = z.object({
  code: z.string(),
  description: z.string().nullable().optional().transform((v) => v ?? ''),
  monthsLeft: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type Promotion = z.output<typeof promotionSchema>;

/** GET /myaccount/data. */
export const billingDataSchema = z.object({
  status: z.enum(BILLING_STATUSES),
  stripeKey: nullableString,
  card: cardSchema.nullable().optional().transform((v) => v ?? null),
  subscription: subscriptionSchema.nullable().optional().transform((v) => v ?? null),
  trialEnd: nullableDay,
  trialStart: nullableDay,
  trialDaysLeft: z.number().int().nullable().optional().transform((v) => v ?? null),
  employeeCount: z.number().int(),
  chargeDetail: chargeDetailSchema,
  totalCharge: cents,
  lastCharge: chargeSchema.nullable().optional().transform((v) => v ?? null),
  amountDue: cents.optional().transform((v) => v ?? 0),
  activateSessionId: nullableString,
  activateUrl: nullableString,
  updateSessionId: nullableString,
  updateUrl: nullableString,
  reactivated: z.boolean().optional().transform((v) => v ?? false),
  /** Null without a promotion code (and from servers before promotions). */
  promotion: promotionSchema.nullable().optional().transform((v) => v ?? null),
});
export type BillingData = z.output<typeof billingDataSchema>;

/** GET /myaccount/charges?page=: ten a page, newest first. */
export const chargesPageSchema = z.object({
  charges: z.array(chargeSchema),
  chargeCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ChargesPage = z.output<typeof chargesPageSchema>;

/** Spec 001 §4: activationStatus 1 is success, anything else an error. */
export const ACTIVATION_SUCCEEDED = 1;

/** POST /myaccount/activate {token}. */
export const activateResponseSchema = z.object({
  activationStatus: z.number().int(),
  message: z.string(),
  charge: chargeSchema.nullable().optional().transform((v) => v ?? null),
});
export type ActivateResponse = z.output<typeof activateResponseSchema>;

/** POST /myaccount/update-card {token}. */
export const updateCardResponseSchema = z.object({
  card: cardSchema.nullable().optional().transform((v) => v ?? null),
  reactivated: z.boolean().optional().transform((v) => v ?? false),
  message: z.string(),
});
export type UpdateCardResponse = z.output<typeof updateCardResponseSchema>;

/** POST /myaccount/cancel. */
export const cancelResponseSchema = z.object({ message: z.string() });
