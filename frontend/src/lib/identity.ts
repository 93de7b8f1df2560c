import { z } from '@/lib/zod';

/** Roles as they appear in the token's `roles` claim. */
export const ROLES = ['employee', 'manager', 'admin', 'sysadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Permission labels shown to people (spec 000 §6). */
export const PERMISSION_LABELS: Record<Exclude<Role, 'sysadmin'>, string> = {
  employee: 'User',
  manager: 'Admin Control - Limited',
  admin: 'Admin Control - Full',
};

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const flag = z.boolean().optional().transform((v) => v ?? false);

/**
 * The session identity: the JWT payload claims (and the `identity` objects the server returns).
 * Unknown claims are ignored; missing optional flags read as false / null.
 */
export const identitySchema = z.object({
  sid: z.string().optional(),
  email: z.string(),
  eid: z.number().nullable().optional().transform((v) => v ?? null),
  utcOffset: z.number().optional().transform((v) => v ?? 0),
  timezone: z.string().optional().transform((v) => v ?? 'America/New_York'),
  firstname: z.string().optional().transform((v) => v ?? ''),
  lastname: z.string().optional().transform((v) => v ?? ''),
  avatar: nullableString,
  suspended: flag,
  roles: z.array(z.string()).transform((roles) => roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r))),
  pwdchg: flag,
  trialEnd: nullableString,
  joyride: flag,
  impersonate: flag,
  firstTimeLogin: flag,
  integratedWithAz: flag,
  signupFromAz: flag,
  hasHrSubscription: flag,
  hasHashPassword: flag,
  addEmployeeFromAzUrl: nullableString,
  origin: nullableString,
  exp: z.number(),
  iat: z.number().optional(),
});

export type Identity = z.output<typeof identitySchema>;
export type IdentityClaims = z.input<typeof identitySchema>;

export const isSysadmin = (identity: Pick<Identity, 'roles'>): boolean => identity.roles.includes('sysadmin');
export const isAdmin = (identity: Pick<Identity, 'roles'>): boolean => identity.roles.includes('admin');
export const isManager = (identity: Pick<Identity, 'roles'>): boolean => identity.roles.includes('manager');
/** Admin or manager. */
export const isPrivileged = (identity: Pick<Identity, 'roles'>): boolean => isAdmin(identity) || isManager(identity);

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the identity from a JWT's payload. The signature is the server's business; null if unreadable. */
export function decodeIdentity(token: string): Identity | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = identitySchema.safeParse(JSON.parse(base64UrlDecode(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Spec 000 §5: a session token is invalid once its expiry time has passed. */
export function isTokenExpired(identity: Pick<Identity, 'exp'>, nowMs: number = Date.now()): boolean {
  return identity.exp * 1000 <= nowMs;
}
