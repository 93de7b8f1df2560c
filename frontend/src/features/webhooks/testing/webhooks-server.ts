/**
 * Tests only: a fake server of the webhooks contract (docs/contracts/webhooks.md) at the fetch
 * level: GET /webhooks, POST /webhooks and /webhooks/update?id= with the contract's 400s,
 * /webhooks/rotate-secret?id=, /webhooks/delete?id=, GET /webhooks/deliveries?endpointId=&page=
 * and POST /webhooks/resend?id= (400 for a delivery still being tried, 404 for what it does not
 * have). Routes can be replaced per test.
 */
import { bodyOf, mockFetch, response } from '@/testing/http';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../api/schemas';

type Handler = Parameters<typeof mockFetch>[0][string];

export const EVENTS: WebhookEvent[] = [
  { code: 'time_off.requested', label: 'Time off requested' },
  { code: 'time_off.approved', label: 'Time off approved' },
  { code: 'time_off.rejected', label: 'Time off rejected' },
  { code: 'time_off.cancelled', label: 'Time off cancelled' },
  { code: 'shift.closed', label: 'Shift closed' },
  { code: 'timesheet.edited', label: 'Timesheet edited' },
  { code: 'employee.added', label: 'Employee added' },
  { code: 'employee.changed', label: 'Employee changed' },
  { code: 'employee.terminated', label: 'Employee terminated' },
  { code: 'policy.acknowledged', label: 'Policy acknowledged' },
];

export const SECRET = `whsec_${'3c'.repeat(32)}`;
export const ROTATED_SECRET = `whsec_${'d4'.repeat(32)}`;

export const STILL_TRYING = 'This delivery is still being tried; it can be sent again once delivered or failed.';

export const endpoint = (fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 1,
  url: 'https://hooks.example.com/timekeep',
  events: ['employee.added'],
  active: true,
  createdAt: '2026-11-30T15:04:05Z',
  ...fields,
});

export const delivery = (fields: Partial<WebhookDelivery> = {}): WebhookDelivery => {
  const base: WebhookDelivery = {
    id: 1,
    endpointId: 1,
    eventId: 'evt_5f0c9a4e2b7d1c3a8e6f4b21',
    event: 'employee.added',
    createdAt: '2026-12-01T14:15:00Z',
    status: 'delivered',
    attempts: 1,
    nextAttemptAt: null,
    deliveredAt: '2026-12-01T14:15:02Z',
    lastStatus: 204,
    lastError: null,
    payload: '',
    ...fields,
  };
  return {
    ...base,
    payload:
      fields.payload ??
      JSON.stringify({ id: base.eventId, type: base.event, createdAt: base.createdAt, companyId: 7, data: { employeeId: 12, firstName: 'Pat', lastName: 'Lee' } }),
  };
};

export const validation = (errors: Record<string, string[]>) =>
  response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors, requestId: 'r1' } });

export const notFound = () => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'This webhook was not found.', errors: {} } });

export interface WebhooksServerOptions {
  endpoints?: WebhookEndpoint[];
  events?: WebhookEvent[];
  deliveries?: WebhookDelivery[];
  /** When the server says it is (createdAt, nextAttemptAt of a resend). */
  now?: string;
  routes?: Record<string, Handler>;
}

interface EndpointBody {
  url?: string;
  events?: string[];
  active?: boolean;
}

/** The contract's 400 for an endpoint body (as a server that allows only https://), or null when it is fine. */
function refusal(body: EndpointBody, events: WebhookEvent[]): Response | null {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const url = (body.url ?? '').trim();
  if (!url) add('url', "Please enter the endpoint's address");
  else if ([...url].length > 500) add('url', 'The address may have at most 500 characters');
  else if (!/^[a-z]+:\/\/[^/\s]+/i.test(url)) add('url', 'Please enter a full address, such as https://example.com/hooks/timekeep');
  else if (!url.toLowerCase().startsWith('https://')) add('url', 'The address must start with https://');
  else if (/^https:\/\/(127\.|10\.|192\.168\.|localhost)/i.test(url)) add('url', 'This address is in a private or reserved network range, which webhooks cannot reach');
  for (const code of body.events ?? []) {
    if (!events.some((event) => event.code === code)) add('events', `There is no event "${code}"`);
  }
  if ((body.events ?? []).length === 0) add('events', 'Please choose at least one event');
  return Object.keys(errors).length > 0 ? validation(errors) : null;
}

const idOf = (url: string, name = 'id') => Number(new URL(url, 'http://x').searchParams.get(name));

export function webhooksServer({ endpoints: initial = [], events = EVENTS, deliveries: initialDeliveries = [], now = '2026-12-01T14:00:00Z', routes = {} }: WebhooksServerOptions = {}) {
  let endpoints = [...initial];
  let deliveries = [...initialDeliveries];
  const created: EndpointBody[] = [];
  const updated: (EndpointBody & { id: number })[] = [];
  const list = () => response({ json: { endpoints, events } });
  const fetch = mockFetch({
    'GET /webhooks': list,
    'POST /webhooks': (init) => {
      const body = bodyOf(init) as EndpointBody;
      created.push(body);
      const refused = refusal(body, events);
      if (refused) return refused;
      const added = endpoint({ id: Math.max(0, ...endpoints.map((e) => e.id)) + 1, url: body.url!.trim(), events: body.events!, active: body.active ?? true, createdAt: now });
      endpoints = [...endpoints, added];
      return response({ json: { endpoint: added, secret: SECRET } });
    },
    'POST /webhooks/update': (init) => {
      const id = idOf(init.url);
      const body = bodyOf(init) as EndpointBody;
      updated.push({ id, ...body });
      const found = endpoints.find((e) => e.id === id);
      if (!found) return notFound();
      const refused = refusal(body, events);
      if (refused) return refused;
      const saved = { ...found, url: body.url!.trim(), events: body.events!, active: body.active ?? true };
      endpoints = endpoints.map((e) => (e.id === id ? saved : e));
      return response({ json: saved });
    },
    'POST /webhooks/rotate-secret': ({ url }) => {
      const found = endpoints.find((e) => e.id === idOf(url));
      if (!found) return notFound();
      return response({ json: { endpoint: found, secret: ROTATED_SECRET } });
    },
    'POST /webhooks/delete': ({ url }) => {
      const id = idOf(url);
      if (!endpoints.some((e) => e.id === id)) return notFound();
      endpoints = endpoints.filter((e) => e.id !== id);
      deliveries = deliveries.filter((d) => d.endpointId !== id);
      return list();
    },
    'GET /webhooks/deliveries': ({ url }) => {
      const endpointId = idOf(url, 'endpointId');
      const page = Math.max(1, idOf(url, 'page') || 1);
      if (!endpoints.some((e) => e.id === endpointId)) return notFound();
      const rows = deliveries.filter((d) => d.endpointId === endpointId).sort((a, b) => b.id - a.id);
      return response({ json: rows.slice((page - 1) * 50, page * 50) });
    },
    'POST /webhooks/resend': ({ url }) => {
      const found = deliveries.find((d) => d.id === idOf(url));
      if (!found) return notFound();
      if (found.status === 'pending') return validation({ id: [STILL_TRYING] });
      const again: WebhookDelivery = { ...found, status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null };
      deliveries = deliveries.map((d) => (d.id === again.id ? again : d));
      return response({ json: again });
    },
    ...routes,
  });
  return {
    fetch,
    created,
    updated,
    endpoints: () => endpoints,
    /** Changes the server's deliveries, as its sender would (the next GET shows them). */
    setDeliveries: (next: WebhookDelivery[]) => {
      deliveries = next;
    },
  };
}

/** The calls made to a path with a method (their URL and init). */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://x'), init: (init ?? {}) as RequestInit }))
    .filter(({ url, init }) => url.pathname === `/server/v1${path}` && (init.method ?? 'GET') === method);
