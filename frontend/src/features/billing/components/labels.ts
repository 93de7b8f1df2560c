import type { BillingStatus, ChargeStatus } from '../api/schemas';

/** Texts of the billing screen: the spec's (001 §8, 000 §8) and the few this product adds. */
export const BILLING_TEXTS = {
  title: 'Billing',
  /** 001 §8 empty states ('no card on file', 'no past payments'). */
  noCard: 'There is no card on file.',
  noPayments: 'There are no past payments.',
  /** 001 §8. */
  cardInvalid: 'Your credit card is invalid.',
  activationFailed: 'There are some errors in activating your account. Please contact our support staff.',
  pastDue: 'A payment failed; we will retry it. Please update your card.',
  /**
   * The admin's side of 000 §8's suspended message (others are told to 'notify account admin'):
   * the admin is the one who updates the payment method.
   */
  suspended: "This account has been suspended. Please update your company's payment method: what is owed is charged to the new card and the account is active again.",
  reactivated: 'Welcome back! Your account is active again.',
  trialEnded: 'Your free trial has ended. Activate your subscription to keep using Timekeep.',
  /** 001 §8 confirmations: the question and the account-cancel warning. */
  cancelQuestion: "Once you hit cancel there's no going back!",
  cancelWarning: 'All your data will be deleted once your account is cancelled. It cannot be undone.',
  signingOut: 'Signing you out ...',
  pleaseWait: 'Please wait ...',
  /** The server has billing off (a self-hosted install): no subscription to manage. */
  billingOff: 'Billing is not enabled on this deployment: there is nothing to pay.',
} as const;

export const STATUS_LABELS: Record<BillingStatus, string> = {
  trial: 'Free trial',
  active: 'Active',
  past_due: 'Past due',
  suspended: 'Suspended',
};

/** Filled badges in dark shades (with autoContrast), as elsewhere: light ones fail WCAG AA. */
export const STATUS_COLORS: Record<BillingStatus, string> = {
  trial: 'blue.8',
  active: 'green.9',
  past_due: 'yellow.4',
  suspended: 'red.9',
};

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  retrying: 'Retrying',
  failed: 'Failed',
};

export const CHARGE_STATUS_COLORS: Record<ChargeStatus, string> = {
  pending: 'gray.7',
  paid: 'green.9',
  retrying: 'yellow.4',
  failed: 'red.9',
};
