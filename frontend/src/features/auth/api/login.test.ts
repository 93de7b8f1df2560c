import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEmbeddingOrigins, rememberEmbedOrigin } from '@/lib/embed';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { sessionStore } from '@/lib/session';
import { fakeToken } from '@/testing/tokens';
import { login, loginAndStore, signIn, TWO_FACTOR_NEEDED } from './login';

const CRM = 'http://127.0.0.1:4711';

afterEach(() => forgetEmbeddingOrigins());

function server(origins: string[]) {
  return mockFetch({
    'GET /account/embedding': () => response({ json: { origins } }),
    'POST /auth/login': () => response({ json: { token: 'a.b.c' } }),
  });
}

const sentBody = (fetch: ReturnType<typeof server>) => bodyOf(fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/login'))![1]!);

describe('POST /auth/login', () => {
  it('names the configured embedding page when signing in inside its frame', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const fetch = server([CRM]);
    await rememberEmbedOrigin(CRM);
    await login({ email: 'ada@example.com', password: 'secret-123' });
    expect(sentBody(fetch)).toEqual({ email: 'ada@example.com', password: 'secret-123', origin: CRM });
  });

  it('names no page for an origin that is not configured', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const fetch = server([CRM]);
    await rememberEmbedOrigin('https://evil.example');
    await login({ token: 'live-token' });
    expect(sentBody(fetch)).toEqual({ token: 'live-token' });
  });

  it('names no page outside a frame', async () => {
    const fetch = server([CRM]);
    await rememberEmbedOrigin(CRM);
    await login({ email: 'ada@example.com', password: 'secret-123' });
    expect(sentBody(fetch)).toEqual({ email: 'ada@example.com', password: 'secret-123' });
  });

  it('tries a busy sign-in once more after Retry-After', async () => {
    let calls = 0;
    const fetch = mockFetch({
      'GET /account/embedding': () => response({ json: { origins: [] } }),
      'POST /auth/login': () => {
        calls += 1;
        return calls === 1
          ? response({ status: 503, json: { code: 'server_busy', message: 'Too many people are signing in right now.' }, headers: { 'Retry-After': '0' } })
          : response({ json: { token: 'a.b.c' } });
      },
    });
    await expect(login({ email: 'ada@example.com', password: 'secret-123' })).resolves.toEqual({ token: 'a.b.c' });
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/auth/login'))).toHaveLength(2);
  });

  it('gives up after one retry', async () => {
    mockFetch({
      'GET /account/embedding': () => response({ json: { origins: [] } }),
      'POST /auth/login': () => response({ status: 503, json: { code: 'server_busy', message: 'Busy' }, headers: { 'Retry-After': '0' } }),
    });
    await expect(login({ email: 'ada@example.com', password: 'secret-123' })).rejects.toMatchObject({ status: 503 });
  });

  it('answers a second factor with its challenge and stores no session', async () => {
    mockFetch({
      'GET /account/embedding': () => response({ json: { origins: [] } }),
      'POST /auth/login': () => response({ json: { twoFactor: { challenge: 'c-1', mode: 'enrol', expiresIn: 300 } } }),
    });
    await expect(signIn({ email: 'ada@example.com', password: 'secret-123' })).resolves.toEqual({
      kind: 'twoFactor',
      challenge: { challenge: 'c-1', mode: 'enrol', expiresIn: 300 },
    });
    expect(sessionStore.get()).toBeNull();
    // A sign-in that cannot ask for a code (a session token) fails with why.
    await expect(loginAndStore({ token: 'live-token' })).rejects.toMatchObject({ message: TWO_FACTOR_NEEDED });
  });

  it('stores the session of a sign-in without a second factor', async () => {
    const token = fakeToken({ roles: ['employee'] });
    mockFetch({ 'GET /account/embedding': () => response({ json: { origins: [] } }), 'POST /auth/login': () => response({ json: { token } }) });
    const result = await signIn({ email: 'ada@example.com', password: 'secret-123' });
    expect(result.kind).toBe('session');
    expect(sessionStore.get()?.token).toBe(token);
    sessionStore.clear();
  });
});
