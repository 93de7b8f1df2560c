/**
 * Tests only: a fake server of the audit trail contract (docs/contracts/audit-trail.md) at the
 * fetch level: GET /audit filtered by person, entity and the days from and to (UTC days here),
 * pages of `pageSize` by a cursor; GET /audit/export the same selection as CSV; and
 * GET /manage/employees for the person filter. Routes can be replaced per test.
 */
import { mockFetch, response } from '@/testing/http';
import type { AuditEntry } from '../api/schemas';

type Handler = Parameters<typeof mockFetch>[0][string];

export const entry = (fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  occurredAt: '2026-11-30T15:04:05Z',
  actor: { id: 2, name: 'Ann Admin' },
  impersonated: false,
  onBehalfOf: null,
  person: { id: 9, name: 'Bob Baker' },
  entity: 'shift',
  entityId: '431',
  action: 'updated',
  changes: [{ field: 'clockIn', before: '2026-11-30T14:00:00Z', after: '2026-11-30T13:30:00Z' }],
  ip: '127.0.0.1',
  client: 'web',
  ...fields,
});

export const PEOPLE = [
  { id: 9, firstname: 'Bob', lastname: 'Baker', email: 'bob@example.com' },
  { id: 12, firstname: 'Cleo', lastname: 'Cruz', email: 'cleo@example.com' },
];

export const validation = (errors: Record<string, string[]>) =>
  response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors, requestId: 'r1' } });

const queryOf = (url: string) => new URL(url, 'http://x').searchParams;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface AuditServerOptions {
  entries?: AuditEntry[];
  pageSize?: number;
  routes?: Record<string, Handler>;
}

/** The entries of a query (newest first as given), or the 400 the contract answers. */
function select(entries: AuditEntry[], query: URLSearchParams): AuditEntry[] | Response {
  const errors: Record<string, string[]> = {};
  for (const field of ['from', 'to'] as const) {
    const value = query.get(field);
    if (value !== null && !DATE.test(value)) errors[field] = ['Enter a date as YYYY-MM-DD.'];
  }
  const from = query.get('from');
  const to = query.get('to');
  if (!errors.from && !errors.to && from && to && to < from) errors.to = ['The end date is before the start date.'];
  if (Object.keys(errors).length > 0) return validation(errors);
  const person = query.get('person');
  const entity = query.get('entity');
  return entries.filter(
    (e) =>
      (!person || e.person?.id === Number(person)) &&
      (!entity || e.entity === entity) &&
      (!from || e.occurredAt.slice(0, 10) >= from) &&
      (!to || e.occurredAt.slice(0, 10) <= to),
  );
}

export function auditServer({ entries = [], pageSize = 50, routes = {} }: AuditServerOptions = {}) {
  const fetch = mockFetch({
    'GET /manage/employees': ({ url }) => {
      const q = (queryOf(url).get('q') ?? '').toLowerCase();
      const employees = PEOPLE.filter((p) => !q || `${p.firstname} ${p.lastname}`.toLowerCase().includes(q));
      return response({ json: { employees, totalCount: employees.length, page: 1 } });
    },
    'GET /audit': ({ url }) => {
      const query = queryOf(url);
      const selected = select(entries, query);
      if (selected instanceof Response) return selected;
      const cursor = query.get('cursor');
      if (cursor !== null && !/^\d+$/.test(cursor)) return validation({ cursor: ['This page link is not valid.'] });
      const start = cursor === null ? 0 : Number(cursor);
      const page = selected.slice(start, start + pageSize);
      const next = start + pageSize < selected.length ? String(start + pageSize) : null;
      return response({ json: { entries: page, next } });
    },
    'GET /audit/export': ({ url }) => {
      const selected = select(entries, queryOf(url));
      if (selected instanceof Response) return selected;
      return response({
        text: ['When (UTC),Who,What', ...selected.map((e) => `${e.occurredAt},${e.actor?.name ?? ''},${e.entity}`)].join('\n') + '\n',
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-trail.csv"' },
      });
    },
    ...routes,
  });
  return { fetch };
}

/** The calls made to a path with a method (their URL and init). */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://x'), init: (init ?? {}) as RequestInit }))
    .filter(({ url, init }) => url.pathname === `/server/v1${path}` && (init.method ?? 'GET') === method);

/** The query string of the last call to a path, as an object. */
export const lastQuery = (fetch: ReturnType<typeof mockFetch>, path: string) => Object.fromEntries(callsTo(fetch, 'GET', path).at(-1)!.url.searchParams);
