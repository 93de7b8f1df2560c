import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import {
  embedOriginForLogin,
  forgetEmbeddingOrigins,
  LOGOUT_MESSAGE,
  notifyParentOfLogout,
  originAllowed,
  originOf,
  rememberEmbedOrigin,
} from './embed';

const CRM = 'http://127.0.0.1:4711';

/** Makes the page believe it runs in a frame (window.top is another window). */
function framed() {
  vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
}

function configured(origins: string[]) {
  return mockFetch({
    'GET /account/embedding': () => response({ json: { origins } }),
    'POST /auth/login': () => response({ json: { token: 'a.b.c' } }),
  });
}

beforeEach(() => forgetEmbeddingOrigins());
afterEach(() => forgetEmbeddingOrigins());

describe('embedded mode', () => {
  it('allows an origin only as the framing policy does: equal, or a *. subdomain', () => {
    const allowed = ['https://crm.example.com', CRM, 'https://*.agency.test'];
    expect(originAllowed('https://crm.example.com', allowed)).toBe(true);
    expect(originAllowed(CRM, allowed)).toBe(true);
    expect(originAllowed('https://east.agency.test', allowed)).toBe(true);
    for (const refused of ['http://crm.example.com', 'https://crm.example.com:8443', 'http://127.0.0.1:4712', 'https://agency.test', 'https://eastagency.test']) {
      expect(originAllowed(refused, allowed), refused).toBe(false);
    }
    expect(originAllowed(CRM, [])).toBe(false);
    expect(originOf('https://CRM.example.com/path?q=1')).toBe('https://crm.example.com');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });

  it('remembers a configured /login?origin= for the sign-in made inside the frame', async () => {
    framed();
    configured([CRM]);
    await rememberEmbedOrigin(`${CRM}/intranet`);
    expect(await embedOriginForLogin()).toBe(CRM);
  });

  it('drops an origin that is not configured, and forgets the one remembered before', async () => {
    framed();
    configured([CRM]);
    await rememberEmbedOrigin(CRM);
    await rememberEmbedOrigin('https://evil.example');
    expect(await embedOriginForLogin()).toBeNull();
  });

  it('names no page when the app is not in a frame', async () => {
    configured([CRM]);
    await rememberEmbedOrigin(CRM);
    expect(await embedOriginForLogin()).toBeNull();
  });

  it("posts the logout message to the session's configured origin only, never to '*'", async () => {
    framed();
    configured([CRM, 'https://other.example.com']);
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    expect(await notifyParentOfLogout(CRM)).toBe(true);
    expect(post.mock.calls).toEqual([[LOGOUT_MESSAGE, CRM]]);
  });

  it('ignores a claimed origin that is not configured, and then tries each configured page', async () => {
    framed();
    configured([CRM, 'https://*.agency.test']);
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    expect(await notifyParentOfLogout('https://evil.example')).toBe(true);
    expect(post.mock.calls).toEqual([[LOGOUT_MESSAGE, CRM]]);
    expect(post.mock.calls.flat()).not.toContain('*');
  });

  it('posts nothing when no page may embed the app', async () => {
    framed();
    configured([]);
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    expect(await notifyParentOfLogout(CRM)).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });
});
