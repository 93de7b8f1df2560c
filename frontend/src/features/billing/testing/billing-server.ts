/**
 * Tests only: the `/myaccount/*` calls of docs/contracts/billing.md as a fake server at the fetch
 * level, with builders for their answers. Routes can be added or replaced per test.
 */
import { mockFetch, response } from '@/testing/http';
import type { BillingData, Charge } from '../api/schemas';

type Routes = Parameters<typeof mockFetch>[0];
type Handler = Routes[string];

export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    response({ status, statusText: String(status), json: body });

export const apiError = (status: number, code: string, message: string, errors: Record<string, string[]> = {}): Handler =>
  json({ code, message, errors, requestId: 'r1' }, status);

export const ACTIVATION_FAILED = 'There are some errors in activating your account. Please contact our support staff.';
export const CARD_INVALID = 'Your credit card is invalid.';

export const VISA = { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2030 };

const detail = (users: number) => ({ base: 800, perUser: 300, users, perUserTotal: 300 * users });

/** A company on trial with 7 users, no card, 30 days left: the contract's example. */
export const trialData = (fields: Partial<BillingData> = {}): BillingData => ({
  status: 'trial',
  stripeKey: 'pk_test_1',
  card: null,
  subscription: null,
  trialEnd: '2026-12-27',
  trialStart: '2026-11-27',
  trialDaysLeft: 30,
  employeeCount: 7,
  chargeDetail: detail(7),
  totalCharge: 2900,
  lastCharge: null,
  amountDue: 0,
  activateSessionId: 'cs_activate',
  activateUrl: 'https://checkout.example/cs_activate',
  updateSessionId: null,
  updateUrl: null,
  reactivated: false,
  promotion: null,
  ...fields,
});

export const charge = (id: number, fields: Partial<Charge> = {}): Charge => ({
  id,
  modifyDate: '2026-12-27',
  periodStart: '2026-12-27',
  periodEnd: '2027-01-26',
  userCount: 7,
  baseAmount: 800,
  perUserAmount: 2100,
  totalAmount: 2900,
  status: 'paid',
  attempts: 1,
  discount: 0,
  ...fields,
});

/** A subscribed company (active unless told), the Visa on file, 9 users. */
export const subscribedData = (fields: Partial<BillingData> = {}): BillingData => ({
  ...trialData(),
  status: 'active',
  card: VISA,
  subscription: { startDate: '2026-11-27', recurringDay: 27, nextChargeDate: '2027-01-27' },
  trialEnd: null,
  trialStart: null,
  trialDaysLeft: null,
  employeeCount: 9,
  chargeDetail: detail(9),
  totalCharge: 3500,
  lastCharge: charge(1),
  activateSessionId: null,
  activateUrl: null,
  updateSessionId: 'cs_update',
  updateUrl: 'https://checkout.example/cs_update',
  ...fields,
});

/** `count` charges, newest (highest id) first, ten a page. */
export function chargesPages(count: number) {
  const all = Array.from({ length: count }, (_, index) => charge(count - index, { modifyDate: `2026-${String(12 - (index % 12)).padStart(2, '0')}-27` }));
  return (page: number) => ({ charges: all.slice((page - 1) * 10, page * 10), chargeCount: count, page, pageSize: 10 });
}

/**
 * The billing calls: the data, `charges` past payments; other routes (the return from checkout,
 * cancel, the identity refresh) come in `more`.
 */
export function billingServer({ data = trialData(), charges = 0, more = {} }: { data?: BillingData; charges?: number; more?: Routes } = {}) {
  const pages = chargesPages(charges);
  return mockFetch({
    'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }),
    'GET /myaccount/data': json(data),
    'GET /myaccount/charges': ({ url }) => response({ json: pages(Number(new URL(url, 'http://x').searchParams.get('page') ?? '1')) }),
    ...more,
  });
}

/** The calls made to `path`, in order, with their query. */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .map(([url, init], index) => ({ url: new URL(String(url), 'http://x'), init: init ?? {}, index }))
    .filter(({ url, init }) => url.pathname === `/server/v1${path}` && (init.method ?? 'GET') === method);
