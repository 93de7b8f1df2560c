/**
 * Tests only: the `/system/*` calls of docs/contracts/system.md (and the exit from an
 * impersonation) as a fake server at the fetch level. It keeps its companies, charges and
 * promotion codes, so that a screen that reads again after a write shows the change. Routes can
 * be added or replaced per test (`more`).
 */
import { bodyOf, mockFetch, response } from '@/testing/http';
import { fakeToken } from '@/testing/tokens';
import type { SystemJob, SystemJobRun, SystemJobs } from '../api/get-jobs';
import type {
  AccrualIncident,
  AccrualRun,
  AuditEntry,
  ChargeAttempt,
  CompanyDetail,
  CompanyRow,
  Promot,
  PromotCompany,
  StatRow,
  SystemAccrualHealth,
  SystemCharge,
  SystemUser,
} from '../api/schemas';

type Routes = Parameters<typeof mockFetch>[0];
type Handler = Routes[string];
type Request = Parameters<Handler>[0];

export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    response({ status, statusText: String(status), json: body });

export const apiError = (status: number, code: string, message: string, errors: Record<string, string[]> = {}): Handler =>
  json({ code, message, errors, requestId: 'r1' }, status);

export const fieldErrors = (errors: Record<string, string[]>): Handler => apiError(400, 'validation', 'Validation failed', errors);

/** A CSV answer with its Content-Disposition. */
export const csvFile =
  (name: string, text = 'a,b\n1,2\n'): Handler =>
  () =>
    response({ text, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${name}"` } });

const query = (request: Request) => new URL(request.url, 'http://x').searchParams;
const body = (request: Request) => bodyOf(request) as Record<string, unknown>;
const pageOf = <T>(rows: readonly T[], request: Request, size = 20) => {
  const page = Number(query(request).get('page') ?? '1');
  return rows.slice((page - 1) * size, page * size);
};

export const OPERATOR = { roles: ['sysadmin'], eid: null, email: 'sam@op.example', firstname: 'Sam', lastname: 'Operator', sid: 'op-session' } as const;

export const companyRow = (id: number, fields: Partial<CompanyRow> = {}): CompanyRow => ({
  id,
  name: `Company ${id}`,
  createdAt: '2026-11-01T14:00:00Z',
  status: 'trial',
  trialEnd: '2026-12-01',
  users: 12,
  adminEmail: `owner@c${id}.example`,
  promotCode: null,
  ...fields,
});

/** Acme Insurance: active, subscribed, the Visa on file, the WELCOME promotion. */
export const acme = (fields: Partial<CompanyDetail> = {}): CompanyDetail => ({
  ...companyRow(7, { name: 'Acme Insurance', status: 'active', trialEnd: null, adminEmail: 'owner@acme.example', promotCode: 'WELCOME' }),
  timeZone: 'America/New_York',
  email: null,
  phone: null,
  suspended: false,
  employees: 14,
  admins: [{ id: 3, name: 'Ann Owner', email: 'owner@acme.example' }],
  billing: {
    status: 'active',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    recurringDay: 27,
    nextChargeDate: '2026-12-27',
    amountDue: 0,
    promotion: { code: 'WELCOME', description: '20% off the first 3 months', monthsLeft: 2 },
  },
  ...fields,
});

export const systemCharge = (id: number, fields: Partial<SystemCharge> = {}): SystemCharge => ({
  id,
  companyId: 7,
  periodStart: '2026-11-27',
  periodEnd: '2026-12-26',
  users: 12,
  base: 800,
  perUser: 300,
  discount: 0,
  total: 4400,
  status: 'paid',
  failures: 0,
  nextAttemptAt: null,
  paidAt: '2026-11-27T15:00:00Z',
  createdAt: '2026-11-27T15:00:00Z',
  ...fields,
});

export const attempt = (id: number, fields: Partial<ChargeAttempt> = {}): ChargeAttempt => ({
  id,
  number: 1,
  kind: 'scheduled',
  status: 'declined',
  startedAt: '2026-11-27T15:00:00Z',
  finishedAt: '2026-11-27T15:00:05Z',
  error: 'Your card was declined.',
  ...fields,
});

export const statRow = (companyId: number, fields: Partial<StatRow> = {}): StatRow => ({
  companyId,
  name: `Company ${companyId}`,
  createdAt: '2026-11-01T14:00:00Z',
  status: 'active',
  employees: 14,
  activeUsers: 12,
  clockPresses: 5120,
  ptoRequests: 33,
  lastActivity: '2026-11-26T13:02:00Z',
  ...fields,
});

export const CHART = [
  { month: '2026-10', signups: 40, activeCompanies: 310 },
  { month: '2026-11', signups: 52, activeCompanies: 322 },
];

export const systemUser = (id: number, fields: Partial<SystemUser> = {}): SystemUser => ({
  id,
  firstname: 'Ann',
  lastname: 'Owner',
  email: 'owner@acme.example',
  role: 'admin',
  status: 1,
  companyId: 7,
  companyName: 'Acme Insurance',
  createdAt: '2026-11-01T14:00:00Z',
  lastLogin: '2026-11-26T13:02:00Z',
  ...fields,
});

export const promot = (id: number, fields: Partial<Promot> = {}): Promot => ({
  id,
  code: 'WELCOME',
  description: '20% off the first 3 months',
  percentOff: 20,
  amountOff: null,
  months: 3,
  expiresOn: '2027-03-31',
  createdAt: '2026-11-01T14:00:00Z',
  companies: 2,
  ...fields,
});

export const auditEntry = (id: number, fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-26T15:02:00Z',
  operator: 'sam@op.example',
  actingAs: null,
  companyId: 7,
  companyName: 'Acme Insurance',
  action: 'suspend-company',
  detail: null,
  ...fields,
});

export const accrualRun = (fields: Partial<AccrualRun> = {}): AccrualRun => ({
  startedAt: '2026-11-28T07:00:00Z',
  finishedAt: '2026-11-28T07:00:04Z',
  companies: 312,
  employees: 4820,
  errors: 0,
  failure: null,
  ...fields,
});

export const accrualIncident = (fields: Partial<AccrualIncident> = {}): AccrualIncident => ({
  openedAt: '2026-11-28T07:15:00Z',
  reason: "Acme Insurance: Ava Stone: the Sick rule of plan 'Old import' is broken: its method 'WEEKLY' is unknown",
  ...fields,
});

/** The accrual job runs normally: one clean run, no incident. */
export const healthyAccruals = (fields: Partial<SystemAccrualHealth> = {}): SystemAccrualHealth => ({
  warning: null,
  runs: [accrualRun()],
  incidents: [],
  errors: [],
  ...fields,
});

export const systemJob = (name: string, fields: Partial<SystemJob> = {}): SystemJob => ({
  name,
  nextRunAt: '2026-12-01T09:00:00Z',
  lastFinishedAt: '2026-11-30T09:00:05Z',
  lastError: null,
  runs: 12,
  ...fields,
});

/** A run that ended well: 40 batches done, two instances sharing them. */
export const jobRun = (id: number, fields: Partial<SystemJobRun> = {}): SystemJobRun => ({
  id,
  job: 'pto-accruals',
  asOf: '2026-11-30T09:00:00Z',
  startedAt: '2026-11-30T09:00:00Z',
  finishedAt: '2026-11-30T09:00:05Z',
  status: 'ok',
  batches: 40,
  done: 40,
  failed: 0,
  people: 1234,
  durationMs: 5120,
  errors: [],
  shares: [
    { instance: '4121-ab12cd', batches: 20 },
    { instance: '4188-ef34gh', batches: 20 },
  ],
  ...fields,
});

/** The jobs as a healthy server has them: one run of the accruals. */
export const systemJobs = (fields: Partial<SystemJobs> = {}): SystemJobs => ({
  jobs: [systemJob('pto-accruals')],
  runs: [jobRun(7)],
  ...fields,
});

export interface SystemServerOptions {
  companies?: CompanyRow[];
  /** The companies GET /system/company knows, by id (Acme by default). */
  details?: CompanyDetail[];
  charges?: SystemCharge[];
  attempts?: Record<number, ChargeAttempt[]>;
  stats?: StatRow[];
  users?: SystemUser[];
  promots?: Promot[];
  promotCompanies?: Record<string, PromotCompany[]>;
  audit?: AuditEntry[];
  /** GET /system/accrual-health's answer (healthy by default). */
  accrualHealth?: SystemAccrualHealth;
  /** GET /system/jobs's answer (one good run by default). */
  jobs?: SystemJobs;
  more?: Routes;
}

const rowOf = (detail: CompanyDetail): CompanyRow => ({
  id: detail.id,
  name: detail.name,
  createdAt: detail.createdAt,
  status: detail.status,
  trialEnd: detail.trialEnd,
  users: detail.users,
  adminEmail: detail.adminEmail,
  promotCode: detail.promotCode,
});

/** The fake server; its state is in the returned `state`, the fetch mock in `fetch`. */
export function systemServer({
  companies = [companyRow(7, { name: 'Acme Insurance', status: 'active', adminEmail: 'owner@acme.example', trialEnd: null, promotCode: 'WELCOME' }), companyRow(8, { name: 'Beta Bakery' })],
  details = [acme()],
  charges = [systemCharge(41, { status: 'retrying', failures: 1, paidAt: null, nextAttemptAt: '2026-11-28T15:00:00Z' }), systemCharge(40, { periodStart: '2026-10-27', periodEnd: '2026-11-26' })],
  attempts = { 41: [attempt(90)] },
  stats = [statRow(7, { name: 'Acme Insurance' })],
  users = [systemUser(3)],
  promots = [promot(1)],
  promotCompanies = { WELCOME: [{ id: 7, name: 'Acme Insurance', redeemedAt: '2026-11-02T10:00:00Z', monthsLeft: 2 }] },
  audit = [auditEntry(1)],
  accrualHealth = healthyAccruals(),
  jobs = systemJobs(),
  more = {},
}: SystemServerOptions = {}) {
  const state = {
    details: new Map(details.map((d) => [d.id, { ...d }])),
    companies: [...companies],
    deleted: new Set<number>(),
    charges: [...charges],
    promots: [...promots],
    nextPromotId: 100,
  };

  const companyList = (request: Request) => {
    const params = query(request);
    const name = params.get('name')?.toLowerCase() ?? '';
    const status = params.get('status') ?? '';
    const rows = state.companies.filter(
      (c) => !state.deleted.has(c.id) && (!name || c.name.toLowerCase().includes(name) || (c.adminEmail ?? '').includes(name)) && (!status || c.status === status),
    );
    return response({ json: { companies: pageOf(rows, request), compCount: rows.length } });
  };

  const chargesOf = (companyId: number, status = '') => state.charges.filter((c) => c.companyId === companyId && (!status || c.status === status));

  const detailAnswer = (request: Request) => {
    const id = Number(query(request).get('id'));
    const detail = state.details.get(id);
    if (!detail || state.deleted.has(id)) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
    const all = chargesOf(id);
    return response({ json: { company: detail, charges: all.slice(0, 20), chargeCount: all.length } });
  };

  const setSuspended = (suspended: boolean) => (request: Request) => {
    const id = Number(body(request).companyId);
    const detail = state.details.get(id);
    if (!detail) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
    const next = { ...detail, suspended, status: suspended ? ('suspended' as const) : ('active' as const) };
    state.details.set(id, next);
    return response({ json: { company: rowOf(next) } });
  };

  const deleteCompany = (request: Request) => {
    const { companyId, name } = body(request) as { companyId: number; name: string };
    if (state.deleted.has(companyId)) return response({ status: 410, json: { code: 'gone', message: 'This company was already deleted.', errors: {} } });
    const detail = state.details.get(companyId);
    if (!detail) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
    if (name !== detail.name) {
      return response({ status: 400, json: { code: 'validation', message: 'Validation failed', errors: { name: ["Type the company's name exactly to confirm."] } } });
    }
    state.deleted.add(companyId);
    return response({ json: { deleted: true } });
  };

  const updateCompany = (request: Request) => {
    const input = body(request) as { id: number; name: string; email: string | null; phone: string | null; trialEnd: string | null; promotCode: string };
    const detail = state.details.get(input.id);
    if (!detail) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
    const next = {
      ...detail,
      name: input.name,
      email: input.email,
      phone: input.phone,
      trialEnd: input.trialEnd ?? detail.trialEnd,
      promotCode: input.promotCode || null,
    };
    state.details.set(input.id, next);
    return response({ json: { company: next } });
  };

  const retryCharge = (request: Request) => {
    const id = Number(body(request).id);
    const index = state.charges.findIndex((c) => c.id === id);
    const current = state.charges[index];
    if (!current) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
    if (current.status === 'paid') return response({ status: 400, json: { code: 'refused', message: 'This charge is already paid.', errors: {} } });
    const paid = { ...current, status: 'paid' as const, paidAt: '2026-11-28T16:00:00Z', nextAttemptAt: null };
    state.charges[index] = paid;
    return response({ json: { charge: paid, outcome: 'paid' } });
  };

  const savePromot = (request: Request) => {
    const input = body(request) as Omit<Promot, 'id' | 'createdAt' | 'companies'> & { id?: number };
    if (input.id !== undefined) {
      const index = state.promots.findIndex((p) => p.id === input.id);
      const current = state.promots[index];
      if (!current) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
      const next = { ...current, ...input, code: input.code.toUpperCase(), id: current.id };
      state.promots[index] = next;
      return response({ json: { promot: next } });
    }
    const created = { ...input, id: state.nextPromotId++, code: input.code.toUpperCase(), createdAt: '2026-11-28T10:00:00Z', companies: 0 };
    state.promots.unshift(created);
    return response({ json: { promot: created } });
  };

  const deletePromot = (request: Request) => {
    const id = Number(body(request).id);
    const current = state.promots.find((p) => p.id === id);
    if (!current) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
    if (current.companies > 0) {
      return response({ status: 409, json: { code: 'conflict', message: `This code is used by ${current.companies} companies and cannot be deleted.`, errors: {} } });
    }
    state.promots = state.promots.filter((p) => p.id !== id);
    return response({ json: { deleted: true } });
  };

  const userByEmail = (email: string) => users.find((u) => u.email.toLowerCase() === email.toLowerCase());

  const fetch = mockFetch({
    'GET /auth/login-data': json({ identity: {}, companyName: null, companyId: null }),
    'GET /system/companies': companyList,
    'GET /system/company': detailAnswer,
    'GET /system/charges': (request) => {
      const params = query(request);
      const rows = chargesOf(Number(params.get('companyId')), params.get('status') ?? '');
      return response({ json: { charges: pageOf(rows, request), chargeCount: rows.length } });
    },
    'GET /system/charge-attempts': (request) => response({ json: { attempts: attempts[Number(query(request).get('chargeId'))] ?? [] } }),
    'POST /system/retry-charge': retryCharge,
    'POST /system/charge-today': json({ created: 0, paid: 0, declined: 0, charges: [] }),
    'POST /system/charge-next': json({ charge: systemCharge(42, { periodStart: '2026-12-27', periodEnd: '2027-01-26' }), outcome: 'paid' }),
    'POST /system/suspend-company': setSuspended(true),
    'POST /system/active-company': setSuspended(false),
    'POST /system/update-company': updateCompany,
    'POST /system/delete-company': deleteCompany,
    'GET /system/stats': (request) => {
      const name = query(request).get('name')?.toLowerCase() ?? '';
      const rows = stats.filter((s) => !name || s.name.toLowerCase().includes(name));
      return response({ json: { stats: pageOf(rows, request), statCount: rows.length, chart: CHART } });
    },
    'GET /system/export-stats': csvFile('timekeep-stats.csv'),
    'GET /system/employees': (request) => {
      const params = query(request);
      const q = params.get('q')?.toLowerCase() ?? '';
      const companyId = params.get('companyId');
      const rows = users.filter(
        (u) =>
          (!q || [u.email, u.firstname, u.lastname].some((v) => v.toLowerCase().startsWith(q))) && (companyId === null || String(u.companyId) === companyId),
      );
      return response({ json: { employees: pageOf(rows, request), empCount: rows.length } });
    },
    'GET /system/export-all-users': csvFile('timekeep-users.csv'),
    'GET /system/queryuser': (request) => {
      const user = userByEmail(query(request).get('email') ?? '');
      return user ? response({ json: { user } }) : response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
    },
    'POST /system/update-password': (request) => {
      const { email, mode } = body(request) as { email: string; mode: string };
      const user = userByEmail(email);
      if (!user) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
      return response({
        json: {
          message: mode === 'set' ? `The password was changed. ${user.firstname} must choose a new one at the next sign-in.` : `A password reset link was sent to ${user.email}.`,
        },
      });
    },
    'POST /system/impersonate': (request) => {
      const user = userByEmail(String(body(request).email));
      if (!user || user.status !== 1) return response({ status: 404, json: { code: 'not_found', message: 'Not found.', errors: {} } });
      const token = fakeToken({
        email: user.email,
        eid: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        roles: [user.role],
        impersonate: true,
        sid: 'impersonation-session',
      });
      return response({ json: { token, identity: {} } });
    },
    'POST /auth/exit-impersonation-mode': json({ token: fakeToken({ ...OPERATOR, roles: [...OPERATOR.roles] }), identity: {} }),
    'GET /system/promots': (request) => {
      const q = query(request).get('q')?.toLowerCase() ?? '';
      const rows = state.promots.filter((p) => !q || p.code.toLowerCase().includes(q) || p.description.toLowerCase().includes(q));
      return response({ json: { promots: pageOf(rows, request), promotCount: rows.length } });
    },
    'POST /system/save-promot': savePromot,
    'POST /system/update-promot': savePromot,
    'POST /system/delete-promot': deletePromot,
    'GET /system/promot-companies': (request) => response({ json: { companies: promotCompanies[query(request).get('code') ?? ''] ?? [] } }),
    'GET /system/audit': (request) => {
      const companyId = query(request).get('companyId');
      const rows = audit.filter((e) => companyId === null || String(e.companyId) === companyId);
      return response({ json: { entries: pageOf(rows, request, 50), entryCount: rows.length } });
    },
    'GET /system/accrual-health': json(accrualHealth),
    'GET /system/jobs': json(jobs),
    ...more,
  });
  return { fetch, state };
}

/** The calls made to `path` with `method`, in order, with their URL (query) and init (body). */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .map(([url, init], index) => ({ url: new URL(String(url), 'http://x'), init: init ?? {}, index }))
    .filter(({ url, init }) => url.pathname === `/server/v1${path}` && (init.method ?? 'GET') === method);

/** The query of each call to GET `path`, as a plain object. */
export const queriesTo = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  callsTo(fetch, 'GET', path).map(({ url }) => Object.fromEntries(url.searchParams));

/** The JSON bodies of each call to POST `path`. */
export const bodiesTo = (fetch: ReturnType<typeof mockFetch>, path: string) => callsTo(fetch, 'POST', path).map(({ init }) => bodyOf(init));
