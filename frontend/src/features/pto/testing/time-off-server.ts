/**
 * Tests only: the employee side of time off (docs/contracts/time-off-requests.md) as a fake server,
 * with builders for its answers. Routes can be replaced per test.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { identitySchema, type Identity, type IdentityClaims } from '@/lib/identity';
import { mockFetch, response } from '@/testing/http';
import { claims } from '@/testing/tokens';
import type { BalanceCheck, HistoryItem, PtoData, PtoRequest, TimeOffType } from '../api/requests';
import { healthyAccruals } from './accrual-health';
import { balanceExplanation } from './balance-explanation';

export const TODAY = '2026-11-18';
export const NY = 'America/New_York';

export const EMMA = { id: 9, firstname: 'Emma', lastname: 'Brooks' };
export const ADA = { id: 1, firstname: 'Ada', lastname: 'Admin' };
export const LIAM = { id: 12, firstname: 'Liam', lastname: 'Carter' };

export const identity = (overrides: Partial<IdentityClaims> = {}): Identity =>
  identitySchema.parse(claims({ eid: 9, firstname: 'Emma', lastname: 'Brooks', roles: ['employee'], timezone: NY, ...overrides }));

export const VACATION: TimeOffType = { id: 5, name: 'Vacation', color: '#2f9e44', payable: 1, used: 480, balance: 4800, pending: 0, availableNow: 4800, projected: 4800 };
export const UNPAID: TimeOffType = { id: 8, name: 'Unpaid Leave', color: '#868e96', payable: 0, used: 0, balance: null, pending: 0, availableNow: null, projected: null };

/** The card's totals when nothing is booked ahead or pending: every figure is `minutes`. */
export const stats = (minutes: number, fields: Partial<PtoData['stats']> = {}): PtoData['stats'] => ({
  totalBalance: minutes,
  totalBalanceHours: minutes / 60,
  availableNow: minutes,
  scheduled: 0,
  pending: 0,
  projected: minutes,
  ...fields,
});

export const ptoData = (fields: Partial<PtoData> = {}): PtoData => ({
  employee: EMMA,
  today: TODAY,
  setUp: true,
  planName: 'Standard',
  startsOn: null,
  types: [VACATION, UNPAID],
  stats: stats(4800),
  canRequestFor: [EMMA],
  ...fields,
});

export const ptoRequest = (fields: Partial<PtoRequest> = {}): PtoRequest => ({
  id: 12,
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  ptoType: 5,
  typeName: 'Vacation',
  color: '#2f9e44',
  payable: 1,
  partialday: false,
  allday: 1,
  includeWeekend: false,
  start: '2026-12-01 00:00:00',
  end: '2026-12-02 23:59:59',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  starttime: null,
  endtime: null,
  soffset: -300,
  eoffset: -300,
  minutes: 960,
  reason: 'Family trip',
  status: 0,
  statusLabel: 'Pending Approval',
  submitted: '2026-11-17T15:00:00Z',
  requestedBy: EMMA,
  actor: null,
  actDate: null,
  actComments: null,
  canEdit: true,
  canCancel: true,
  approval: null,
  ...fields,
});

export const historyItem = (fields: Partial<HistoryItem> = {}): HistoryItem => ({
  key: 'r12',
  dataType: 'PTO_REQUEST',
  date: '2026-12-01',
  year: 2026,
  submitted: '2026-11-17T15:00:00Z',
  minutes: -960,
  type: 'Vacation',
  ptoTypeId: 5,
  reason: 'Family trip',
  policyName: null,
  startingBalances: null,
  creatorFirstname: null,
  creatorLastname: null,
  sourceId: null,
  removable: false,
  request: ptoRequest(),
  ...fields,
});

export const balanceCheck = (fields: Partial<BalanceCheck> = {}): BalanceCheck => ({
  pass: true,
  validationPass: true,
  payable: 1,
  typeName: 'Vacation',
  balance: 4800,
  requested: 960,
  minsReqed: 960,
  hourReqed: 16,
  totalBalance: 4800,
  totalBalanceHours: 80,
  message: null,
  goodNews: null,
  days: [],
  ...fields,
});

type Handler = Parameters<typeof mockFetch>[0][string];
export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    response({ status, json: body });
export const fieldErrors =
  (errors: Record<string, string[]>, status = 400): Handler =>
  () =>
    response({ status, statusText: 'Bad Request', json: { code: 'validation', message: 'Validation failed', errors, requestId: 'r1' } });

/**
 * The screen's calls with quiet defaults: Emma's data, no history, nobody out, a passing check,
 * Vacation explained, accruals running normally (an admin's screen asks).
 */
export function timeOffServer(routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /pto/data': json(ptoData()),
    'GET /pto/history': json({ items: [] }),
    'GET /pto/agenda': json({ items: [] }),
    'POST /pto/validate-balance': json(balanceCheck()),
    'GET /pto/balance': json({ asOf: TODAY, today: TODAY, types: [], totalBalance: 4800 }),
    'GET /pto/balance-explanation': json(balanceExplanation()),
    'GET /pto-manage/accrual-health': json(healthyAccruals()),
    ...routes,
  });
}

/** The calls to a path (without /server/v1), each with its URL and init. */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}` && (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init! }));

/** Picks an option of a Mantine select by its label. */
export async function pick(user: UserEvent, label: RegExp | string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}
