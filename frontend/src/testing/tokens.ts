import type { IdentityClaims } from '@/lib/identity';

const base64Url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Claims of a plain employee whose token is valid for an hour; override what a test needs. */
export function claims(overrides: Partial<IdentityClaims> = {}): IdentityClaims {
  return {
    sid: 'session-1',
    email: 'ada@example.com',
    eid: 7,
    utcOffset: -300,
    timezone: 'America/New_York',
    firstname: 'Ada',
    lastname: 'Lovelace',
    avatar: null,
    suspended: false,
    roles: ['employee'],
    pwdchg: false,
    trialEnd: null,
    joyride: true,
    impersonate: false,
    firstTimeLogin: false,
    integratedWithAz: false,
    signupFromAz: false,
    hasHrSubscription: false,
    hasHashPassword: true,
    addEmployeeFromAzUrl: null,
    origin: null,
    exp: nowSeconds() + 3600,
    iat: nowSeconds(),
    ...overrides,
  };
}

/** An unsigned JWT with these claims (the browser never checks signatures). */
export function fakeToken(overrides: Partial<IdentityClaims> = {}): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims(overrides)))}.signature`;
}
