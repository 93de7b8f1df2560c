/**
 * Tests only: a fake server of the API keys contract (docs/contracts/api-keys.md) at the fetch
 * level: GET /api-keys, POST /api-keys with the contract's 400s (`today` decides what is after
 * today), and POST /api-keys/revoke?id= (404 for a key it does not have). Routes can be replaced
 * per test.
 */
import { bodyOf, mockFetch, response } from '@/testing/http';
import type { ApiKey, ApiScope } from '../api/schemas';

type Handler = Parameters<typeof mockFetch>[0][string];

export const SCOPES: ApiScope[] = [
  { code: 'people:read', label: 'Read people' },
  { code: 'time:read', label: 'Read time' },
  { code: 'time:write', label: 'Write time' },
  { code: 'time_off:read', label: 'Read time off' },
  { code: 'time_off:write', label: 'Write time off' },
  { code: 'reports:read', label: 'Read reports' },
];

export const SECRET = `tk_0a1b2c3d_${'9f'.repeat(32)}`;

export const apiKey = (fields: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'Payroll sync',
  prefix: 'tk_5e6f7a8b',
  scopes: ['people:read', 'time:read'],
  createdBy: 2,
  createdByName: 'Ann Admin',
  createdAt: '2026-11-30T15:04:05Z',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  status: 'active',
  ...fields,
});

export const validation = (errors: Record<string, string[]>) =>
  response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors, requestId: 'r1' } });

const notFound = () => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'This API key was not found.', errors: {} } });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface ApiKeysServerOptions {
  keys?: ApiKey[];
  scopes?: ApiScope[];
  /** The company's today, 'YYYY-MM-DD': an expiry must be after it. */
  today?: string;
  /** When the server says it is (createdAt, revokedAt). */
  now?: string;
  routes?: Record<string, Handler>;
}

interface CreateBody {
  name?: string;
  scopes?: string[];
  expiresOn?: string;
}

/** The contract's 400 for a create body, or null when it is fine. */
function refusal(body: CreateBody, scopes: ApiScope[], today: string): Response | null {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const name = (body.name ?? '').trim();
  if (!name) add('name', 'Please name the key');
  else if ([...name].length > 100) add('name', 'The name may have at most 100 characters');
  else if (CONTROL.test(name)) add('name', 'The name may not contain control characters');
  for (const code of body.scopes ?? []) {
    if (!scopes.some((scope) => scope.code === code)) add('scopes', `There is no scope "${code}"`);
  }
  if ((body.scopes ?? []).length === 0) add('scopes', 'Please choose at least one scope');
  if (body.expiresOn !== undefined) {
    if (!DATE.test(body.expiresOn)) add('expiresOn', 'Please enter a date as YYYY-MM-DD');
    else if (body.expiresOn <= today) add('expiresOn', 'The expiry must be after today');
  }
  return Object.keys(errors).length > 0 ? validation(errors) : null;
}

export function apiKeysServer({ keys: initial = [], scopes = SCOPES, today = '2026-12-01', now = '2026-12-01T14:00:00Z', routes = {} }: ApiKeysServerOptions = {}) {
  let keys = [...initial];
  const created: CreateBody[] = [];
  const list = () => response({ json: { keys, scopes } });
  const fetch = mockFetch({
    'GET /api-keys': list,
    'POST /api-keys': (init) => {
      const body = bodyOf(init) as CreateBody;
      created.push(body);
      const refused = refusal(body, scopes, today);
      if (refused) return refused;
      const key = apiKey({
        id: Math.max(0, ...keys.map((k) => k.id)) + 1,
        name: body.name!.trim(),
        prefix: SECRET.slice(0, 11),
        scopes: body.scopes!,
        createdAt: now,
        // The end of the last day in New York (EST): 05:00 UTC of the next day.
        expiresAt: body.expiresOn ? `${nextDay(body.expiresOn)}T05:00:00Z` : null,
      });
      keys = [key, ...keys];
      return response({ json: { key, secret: SECRET } });
    },
    'POST /api-keys/revoke': ({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      if (!keys.some((k) => k.id === id)) return notFound();
      keys = keys.map((k) => (k.id === id ? { ...k, revokedAt: now, status: 'revoked' } : k));
      return list();
    },
    ...routes,
  });
  return { fetch, created, keys: () => keys };
}

function nextDay(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The calls made to a path with a method (their URL and init). */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://x'), init: (init ?? {}) as RequestInit }))
    .filter(({ url, init }) => url.pathname === `/server/v1${path}` && (init.method ?? 'GET') === method);
