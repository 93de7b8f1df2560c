import { z } from '@/lib/zod';
import { api } from './api-client';

/**
 * Embedded mode (spec 000 §1, §2): Timekeep running in a frame of another page, such as an
 * agency's intranet or CRM. The server decides which pages may frame it (its `frame-ancestors`,
 * configured as TIMEKEEP_FRAME_ANCESTORS) and names them at GET /account/embedding; the browser
 * refuses to show the app in any other page's frame.
 *
 * - `/login?origin=…` names the embedding page. It is remembered (for this tab) only when it is
 *   one of the configured origins, and sent with the sign-in, which puts it in the token's
 *   `origin` claim.
 * - `/logout` inside a frame tells the embedding page with `{type: 'timekeep-logout'}`, posted
 *   only to a configured origin — never to '*', so no other page can listen in.
 * - The shell shows a reduced top menu there (see `app/shell/app-shell.tsx`).
 */
const EMBED_ORIGIN_KEY = 'timekeep.embedOrigin';

/** The message the embedding page receives when the person logs out inside the frame. */
export const LOGOUT_MESSAGE = { type: 'timekeep-logout' } as const;

export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent makes window.top inaccessible: embedded.
    return true;
  }
}

export const embeddingSchema = z.object({ origins: z.array(z.string()) });

let embeddingOrigins: Promise<string[]> | null = null;

/** GET /account/embedding: the configured origins, asked once per page load (none when it fails). */
export function getEmbeddingOrigins(): Promise<string[]> {
  embeddingOrigins ??= api.get('/account/embedding', { schema: embeddingSchema }).then(
    ({ origins }) => origins.map((origin) => origin.toLowerCase()),
    () => {
      // Asked again next time: a network blip must not turn embedded mode off for good.
      embeddingOrigins = null;
      return [];
    },
  );
  return embeddingOrigins;
}

/** Tests start from a page that has not asked yet. */
export function forgetEmbeddingOrigins(): void {
  embeddingOrigins = null;
}

/** `scheme://host[:port]` of a URL or origin, lower case; null when it is not one. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a configured origin allows `origin`: the rule of the CSP's host sources the browser
 * applies to the same list (and the server to a sign-in's `origin`): equal, or `scheme://*.host`
 * for any subdomain of host.
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    if (entry === origin) return true;
    const [scheme, host] = entry.split('://');
    if (!host?.startsWith('*.')) return false;
    const suffix = host.slice(1);
    const prefix = `${scheme}://`;
    if (!origin.startsWith(prefix) || !origin.endsWith(suffix)) return false;
    const label = origin.slice(prefix.length, origin.length - suffix.length);
    return label.length > 0 && !label.includes(':') && !label.includes('/');
  });
}

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(EMBED_ORIGIN_KEY);
  } catch {
    return null;
  }
}

let remembering: Promise<void> = Promise.resolve();

/**
 * `/login?origin=…`: remembers the embedding page for this tab when it is configured; an origin
 * that is not is dropped (and forgets any remembered before, so a stale one never lingers).
 */
export function rememberEmbedOrigin(value: string | null): Promise<void> {
  if (!value) return remembering;
  remembering = (async () => {
    const origin = originOf(value);
    const allowed = await getEmbeddingOrigins();
    try {
      if (origin && originAllowed(origin, allowed)) window.sessionStorage.setItem(EMBED_ORIGIN_KEY, origin);
      else window.sessionStorage.removeItem(EMBED_ORIGIN_KEY);
    } catch {
      // no session storage: the sign-in goes without an origin
    }
  })();
  return remembering;
}

/** The embedding page to name in a sign-in: the remembered one, when the app is in a frame. */
export async function embedOriginForLogin(): Promise<string | null> {
  await remembering;
  return isEmbedded() ? readStored() : null;
}

/**
 * Tells the embedding page that the person logged out. The target is the session's `origin`
 * claim or the remembered `/login?origin=`, when configured; without either, each configured
 * origin without a wildcard (postMessage delivers only to the one the parent really has, so
 * nothing reaches a page that is not configured). Resolves to whether a message went out.
 */
export async function notifyParentOfLogout(claimedOrigin: string | null): Promise<boolean> {
  const allowed = await getEmbeddingOrigins();
  const named = [claimedOrigin, readStored()]
    .map((origin) => (origin ? originOf(origin) : null))
    .find((origin): origin is string => origin !== null && originAllowed(origin, allowed));
  const targets = named ? [named] : allowed.filter((origin) => !origin.includes('*'));
  for (const target of targets) window.parent.postMessage(LOGOUT_MESSAGE, target);
  return targets.length > 0;
}
