import { formatDateTime, wallClockIn } from '@/lib/company-time';
import type { ApiKey, ApiScope } from '../api/schemas';

export const API_KEYS_TEXTS = {
  title: 'API Keys',
  intro:
    "An API key lets another system, such as your payroll provider or agency management system, reach your company's data without anyone's password. A key acts as the admin who created it, only on what its scopes allow, and stops working if that person is no longer an admin.",
  empty: 'There is no API key yet.',
  create: 'Create key',
  createTitle: 'Create an API key',
  createdTitle: 'API key created',
  notAgain: 'You will not see it again',
  secretWarning:
    "Copy the secret now and keep it where only the system that uses it can read it, such as that system's settings. Only a fingerprint of it is kept here. If it is lost, revoke the key and create another.",
  never: 'Never',
  none: '—',
  erased: 'Erased person',
} as const;

export const STATUS_LABELS: Record<string, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
/** Filled colours with automatic text contrast (light badges' tinted text fails WCAG AA). */
export const STATUS_COLORS: Record<string, string> = { active: 'green.9', expired: 'gray.7', revoked: 'red.9' };

/** 'Active', 'Expired', 'Revoked'; a status this browser does not know yet as it came. */
export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

/** The label of a scope code from the list's `scopes`; a code not among them as it came. */
export function scopeLabel(code: string, scopes: readonly ApiScope[]): string {
  return scopes.find((scope) => scope.code === code)?.label ?? code;
}

/** 'Read people, Read time', in the order the key has them. */
export const scopesText = (codes: readonly string[], scopes: readonly ApiScope[]): string => codes.map((code) => scopeLabel(code, scopes)).join(', ');

/**
 * The last day a key works, 'MM/DD/YYYY' on the company's calendar: `expiresAt` is the first
 * instant it no longer works (the end of that day), so the day is the one of the instant just before.
 */
export function lastDay(expiresAt: string, timeZone?: string): string {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return expiresAt;
  const w = wallClockIn(at - 1, timeZone);
  return `${w.month}/${w.day}/${w.year}`;
}

/** 'End of 12/31/2026', or 'Never' for a key that works until revoked. */
export const expiresText = (key: Pick<ApiKey, 'expiresAt'>, timeZone?: string): string =>
  key.expiresAt ? `End of ${lastDay(key.expiresAt, timeZone)}` : API_KEYS_TEXTS.never;

/** '12/01/2026 09:15 AM from 127.0.0.1' on the company's clock, or 'Never'. */
export function lastUsedText(key: Pick<ApiKey, 'lastUsedAt' | 'lastUsedIp'>, timeZone?: string): string {
  if (!key.lastUsedAt) return API_KEYS_TEXTS.never;
  const when = formatDateTime(key.lastUsedAt, timeZone);
  return key.lastUsedIp ? `${when} from ${key.lastUsedIp}` : when;
}

/** Who created the key: their name, or 'Erased person' once erased. */
export const creatorName = (key: Pick<ApiKey, 'createdByName'>): string => key.createdByName ?? API_KEYS_TEXTS.erased;

/** The revoke question's words. */
export const revokeQuestion = (key: Pick<ApiKey, 'name'>): string =>
  `${key.name} stops working at once: every request made with it is refused from now on. This cannot be undone; to connect again, create a new key.`;
