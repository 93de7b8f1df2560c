import { vi } from 'vitest';

export interface FakeResponse {
  status?: number;
  statusText?: string;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export function response({ status = 200, statusText = 'OK', json, text, headers = {} }: FakeResponse = {}): Response {
  const body = json !== undefined ? JSON.stringify(json) : (text ?? null);
  const allHeaders = new Headers(headers);
  if (json !== undefined) allHeaders.set('Content-Type', 'application/json');
  return new Response(status === 204 ? null : body, { status, statusText, headers: allHeaders });
}

/** Replaces window.fetch with a handler by "METHOD /path" (path without /server/v1). */
export function mockFetch(routes: Record<string, (init: RequestInit & { url: string }) => Response | Promise<Response>>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^\/server\/v1/, '').replace(/\?.*$/, '');
    const key = `${init.method ?? 'GET'} ${path}`;
    const handler = routes[key];
    if (!handler) return response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: `no mock for ${key}`, errors: {} } });
    return handler({ ...init, url });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const bodyOf = (init: RequestInit): unknown => JSON.parse(String(init.body));
