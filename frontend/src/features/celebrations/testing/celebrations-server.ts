/**
 * Tests only: the celebrations contract (docs/contracts/calendar-celebrations-reports.md
 * "Celebrations") as a fake server at the fetch level that keeps the messages, so that a save or a
 * delete shows when the screen asks again.
 */
import { identitySchema, type Identity, type IdentityClaims } from '@/lib/identity';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { claims } from '@/testing/tokens';
import type { Celebration, CelebrationType } from '../api/celebrations';

export const NY = 'America/New_York';

export const identity = (overrides: Partial<IdentityClaims> = {}): Identity =>
  identitySchema.parse(claims({ eid: 9, firstname: 'Emma', lastname: 'Brooks', roles: ['employee'], timezone: NY, ...overrides }));
export const asAdmin = () => identity({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] });
export const asManager = () => identity({ eid: 2, firstname: 'Max', lastname: 'Manager', roles: ['manager'] });

export const celebration = (fields: Partial<Celebration> = {}): Celebration => ({
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  avatar: null,
  type: 'BIRTHDAY',
  date: '2026-11-18',
  years: null,
  daysAway: 0,
  ...fields,
});

export const CELEBRATIONS: Celebration[] = [
  celebration({}),
  celebration({ employeeId: 12, firstname: 'Liam', lastname: 'Carter', type: 'ANNIVERSARY', date: '2026-11-19', years: 3, daysAway: 1 }),
  celebration({ employeeId: 14, firstname: 'Zoe', lastname: 'Young', type: 'BIRTHDAY', date: '2026-12-30', daysAway: 42 }),
];

export const SYSTEM_MESSAGES = {
  employee: [
    { type: 'BIRTHDAY', target: 'employee', message: 'Happy birthday, {firstname}! From all of us at {company}.' },
    { type: 'ANNIVERSARY', target: 'employee', message: 'Congratulations on {years} years at {company}, {firstname}!' },
  ],
  company: [
    { type: 'BIRTHDAY', target: 'company', message: 'Happy birthday {firstname} {lastname}!' },
    { type: 'ANNIVERSARY', target: 'company', message: '{years} years! Thank you, {firstname}.' },
  ],
};

type Handler = Parameters<typeof mockFetch>[0][string];
type Init = Parameters<Handler>[0];
const query = (init: Init) => new URL(init.url, 'http://x').searchParams;
export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    response({ status, json: body });

interface Options {
  celebrations?: Celebration[];
  /** Custom messages by `${employeeId}-${type}`. */
  custom?: Record<string, string>;
  /** Company messages by type. */
  company?: Partial<Record<CelebrationType, string>>;
  routes?: Record<string, Handler>;
}

/** The celebration calls, with state: per-person and company messages that saves and deletes change. */
export function celebrationsServer({ celebrations = CELEBRATIONS, custom = {}, company = {}, routes = {} }: Options = {}) {
  let nextId = 500;
  const people = new Map<string, { id: number; message: string }>(Object.entries(custom).map(([key, message]) => [key, { id: nextId++, message }]));
  const companies = new Map<string, { id: number; message: string }>(Object.entries(company).map(([type, message]) => [type, { id: nextId++, message }]));
  const systemOf = (target: 'employee' | 'company', type: string) => SYSTEM_MESSAGES[target].find((m) => m.type === type)!.message;

  const personView = (employeeId: number, type: string) => {
    const own = people.get(`${employeeId}-${type}`);
    const companyMessage = companies.get(type);
    return {
      employeeId,
      type,
      message: own ? { id: own.id, employeeId, type, message: own.message } : null,
      effective: own?.message ?? companyMessage?.message ?? systemOf('employee', type),
      source: own ? 'custom' : companyMessage ? 'company' : 'system',
    };
  };
  const companyView = (type: string) => {
    const own = companies.get(type);
    return { type, message: own ? { id: own.id, type, message: own.message } : null, effective: own?.message ?? systemOf('company', type), source: own ? 'company' : 'system' };
  };

  const fetch = mockFetch({
    'GET /celebration/next-celebrations': json({ celebrations }),
    'GET /celebration/get-system-messages': (init) => response({ json: { messages: SYSTEM_MESSAGES[query(init).get('target') === 'company' ? 'company' : 'employee'] } }),
    'GET /celebration/get-celebration-message': (init) => response({ json: personView(Number(query(init).get('employeeId')), query(init).get('type')!) }),
    'POST /celebration/save-celebration-message': (init) => {
      const body = bodyOf(init) as { employeeId: number; type: string; message: string };
      const key = `${body.employeeId}-${body.type}`;
      people.set(key, { id: people.get(key)?.id ?? nextId++, message: body.message });
      return response({ json: personView(body.employeeId, body.type) });
    },
    'GET /celebration/delete-custom-celebration-message': (init) => {
      const id = Number(query(init).get('id'));
      for (const [key, value] of people) if (value.id === id) people.delete(key);
      return response({ json: { id } });
    },
    'GET /celebration/get-company-celebration-message': (init) => response({ json: companyView(query(init).get('type')!) }),
    'POST /celebration/save-company-celebration-message': (init) => {
      const body = bodyOf(init) as { type: string; message: string };
      companies.set(body.type, { id: companies.get(body.type)?.id ?? nextId++, message: body.message });
      return response({ json: companyView(body.type) });
    },
    'GET /celebration/delete-custom-company-celebration-message': (init) => {
      const id = Number(query(init).get('id'));
      for (const [key, value] of companies) if (value.id === id) companies.delete(key);
      return response({ json: { id } });
    },
    'POST /celebration/email-now': () => response({ json: { sent: 1 } }),
    ...routes,
  });
  return { fetch, people, companies };
}

/** The calls to a path (without /server/v1), each with its URL and init. */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}` && (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init! }));
