import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, nowSeconds } from '@/testing/tokens';
import { response } from '@/testing/http';
import { ApiError, createApiClient } from './api-client';
import { SessionStore } from './session';
import { createPreferenceStorage, STORAGE_KEYS } from './storage';

function setup(handler: (url: string, init: RequestInit) => Response) {
  const storage = createPreferenceStorage(window.localStorage);
  const session = new SessionStore(storage);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => handler(String(input), init));
  const client = createApiClient({ session, fetch: fetchMock as unknown as typeof fetch });
  return { storage, session, fetchMock, client };
}

const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);

describe('api client', () => {
  beforeEach(() => window.localStorage.clear());

  it('calls /server/v1 with the bearer token of the stored session and parses JSON', async () => {
    const token = fakeToken();
    const { session, fetchMock, client } = setup(() => response({ json: { ok: true } }));
    session.setToken(token);
    await expect(client.get('/auth/login-data', { query: { a: 1, b: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/server/v1/auth/login-data?a=1');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(headersOf(init).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('sends a plain object as JSON and FormData as multipart', async () => {
    const { fetchMock, client } = setup(() => response({ json: {} }));
    await client.post('/account/signup', { email: 'a@b.co' });
    let init = fetchMock.mock.calls[0]![1];
    expect(headersOf(init).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect(headersOf(init).get('Authorization')).toBeNull();

    const form = new FormData();
    form.set('email', 'a@b.co');
    await client.post('/account/signup', form);
    init = fetchMock.mock.calls[1]![1];
    expect(init?.body).toBe(form);
    expect(headersOf(init).get('Content-Type')).toBeNull();
  });

  it('replaces the stored token with X-Refreshed-Token', async () => {
    const fresh = fakeToken({ firstname: 'Fresh', exp: nowSeconds() + 7200 });
    const { session, storage, client } = setup(() => response({ json: {}, headers: { 'X-Refreshed-Token': fresh } }));
    session.setToken(fakeToken());
    await client.get('/clock/status');
    expect(storage.get(STORAGE_KEYS.token)).toBe(fresh);
    expect(session.get()?.identity.firstname).toBe('Fresh');
  });

  it('replaces the token even when the refreshed response is an error', async () => {
    const fresh = fakeToken({ firstname: 'Fresh' });
    const { session, client } = setup(() =>
      response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: {} }, headers: { 'X-Refreshed-Token': fresh } }),
    );
    session.setToken(fakeToken());
    await expect(client.post('/x', {})).rejects.toBeInstanceOf(ApiError);
    expect(session.get()?.token).toBe(fresh);
  });

  it('drops an expired token from storage before the request and does not send it', async () => {
    const { storage, fetchMock, client } = setup(() => response({ json: {} }));
    storage.set(STORAGE_KEYS.token, fakeToken({ exp: nowSeconds() - 1 }));
    await client.get('/account/signup-data');
    expect(headersOf(fetchMock.mock.calls[0]![1]).get('Authorization')).toBeNull();
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  });

  it('drops an unreadable token', async () => {
    const { storage, fetchMock, client } = setup(() => response({ json: {} }));
    storage.set(STORAGE_KEYS.token, 'not-a-jwt');
    await client.get('/x');
    expect(headersOf(fetchMock.mock.calls[0]![1]).get('Authorization')).toBeNull();
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  });

  it('turns a JSON failure into an ApiError with status, status text, code, message and field errors', async () => {
    const { client } = setup(() =>
      response({
        status: 400,
        statusText: 'Bad Request',
        json: { code: 'validation', message: 'Validation failed', errors: { email: ['Invalid Email address'] }, requestId: 'r1' },
      }),
    );
    const error = await client.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.statusText).toBe('Bad Request');
    expect(apiError.code).toBe('validation');
    expect(apiError.message).toBe('Validation failed');
    expect(apiError.errors).toEqual({ email: ['Invalid Email address'] });
    expect(apiError.requestId).toBe('r1');
    expect(apiError.hasFieldErrors).toBe(true);
    expect(apiError.firstMessage).toBe('Invalid Email address');
  });

  it('uses the raw text as the message when the body is not JSON', async () => {
    const { client } = setup(() => response({ status: 502, statusText: 'Bad Gateway', text: 'upstream down' }));
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('upstream down');
    expect(error.errors).toEqual({});
  });

  it('falls back to the status text when there is no body', async () => {
    const { client } = setup(() => response({ status: 503, statusText: 'Service Unavailable' }));
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Service Unavailable');
  });

  it('handles 204 No Content', async () => {
    const { session, client } = setup(() => response({ status: 204, statusText: 'No Content' }));
    session.setToken(fakeToken());
    await expect(client.post('/auth/logout', {})).resolves.toBeUndefined();
  });

  it('validates the response with a schema when given', async () => {
    const { z } = await import('zod');
    const { client } = setup(() => response({ json: { message: 42 } }));
    await expect(client.get('/x', { schema: z.object({ message: z.string() }) })).rejects.toThrow();
  });

  it('forgets a session the server no longer accepts (401 unauthorized)', async () => {
    const { session, client } = setup(() =>
      response({ status: 401, statusText: 'Unauthorized', json: { code: 'unauthorized', message: 'Session expired', errors: {} } }),
    );
    session.setToken(fakeToken());
    await expect(client.get('/auth/login-data')).rejects.toBeInstanceOf(ApiError);
    expect(session.get()).toBeNull();
  });

  it('keeps the session on a wrong password (401 invalid_credentials)', async () => {
    const { session, client } = setup(() =>
      response({ status: 401, statusText: 'Unauthorized', json: { code: 'invalid_credentials', message: 'Incorrect email or password.', errors: {} } }),
    );
    session.setToken(fakeToken());
    await expect(client.post('/auth/change-my-password', {})).rejects.toBeInstanceOf(ApiError);
    expect(session.get()).not.toBeNull();
  });

  it('fetches raw bytes with the bearer token as a Blob (getBlob)', async () => {
    const token = fakeToken();
    const { session, fetchMock, client } = setup(() => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }));
    session.setToken(token);
    const blob = await client.getBlob('/files/12');
    expect(blob.size).toBe(4);
    expect(blob.type).toBe('image/png');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/server/v1/files/12');
    expect(init?.method).toBe('GET');
    expect(headersOf(init).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('turns a failed getBlob into an ApiError', async () => {
    const { client } = setup(() => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'Not found', errors: {} } }));
    const error = (await client.getBlob('/files/99').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('not_found');
  });

  it('GETs a file with its query and reads the answer as bytes with its headers (getFile)', async () => {
    const token = fakeToken();
    const { session, fetchMock, client } = setup(
      () => new Response('a,b\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="r.csv"' } }),
    );
    session.setToken(token);
    const { blob, headers } = await client.getFile('/report/export', { query: { type: 'pto', start: '2026-11-01', empids: undefined } });
    expect(await blob.text()).toBe('a,b\n');
    expect(headers.get('Content-Disposition')).toBe('attachment; filename="r.csv"');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/server/v1/report/export?type=pto&start=2026-11-01');
    expect(init?.method).toBe('GET');
    expect(headersOf(init).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('POSTs JSON and reads the answer as bytes with its headers (postBlob)', async () => {
    const token = fakeToken();
    const { session, fetchMock, client } = setup(
      () => new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="a.pdf"' } }),
    );
    session.setToken(token);
    const { blob, headers } = await client.postBlob('/doc/view', { id: 51 });
    expect(blob.size).toBe(4);
    expect(headers.get('Content-Disposition')).toBe('attachment; filename="a.pdf"');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/server/v1/doc/view');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"id":51}');
    expect(headersOf(init).get('Content-Type')).toBe('application/json');
    expect(headersOf(init).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('turns a refused download into an ApiError with the server message', async () => {
    const { client } = setup(() => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'Not found', errors: {} } }));
    const error = (await client.postBlob('/doc/event', { id: 9 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.firstMessage).toBe('Not found');
  });

  it("sends an expired account's writes to the server, whose refusal it passes on", async () => {
    const refusal = { code: 'account_expired', message: 'This account has expired! Please active your subscription.', errors: {} };
    const { session, fetchMock, client } = setup(() => response({ status: 403, statusText: 'Forbidden', json: refusal }));
    session.setToken(fakeToken({ trialEnd: '2020-01-01' }));
    const error = (await client.post('/timesheet/add-comment', {}).catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.code).toBe('account_expired');
    expect(error.message).toBe(refusal.message);
  });
});
