// Shared steps of the browser journeys.
import { expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForMail } from './mail.mjs';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  admin: 'admin@demo.example.com',
  manager: 'manager@demo.example.com',
  employee: (n) => `employee${n}@demo.example.com`,
  sysadmin: 'sysadmin@timekeep.example.com',
};

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export function dataDir() {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error('DATA_DIR is not set: run the journeys through run.mjs');
  return dir;
}

/** A fresh address for every sign-up, so journeys never share an account. */
export function uniqueEmail(label) {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Saves a screenshot of the journey's end to e2e/artifacts/{name}.png. */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** An input by its accessible name (labels show a ' *' for required fields, names do not). */
export const field = (page, name) => page.getByRole('textbox', { name, exact: true });

/**
 * The first-run welcome (spec 000 §2, §4) covers the screen of anyone who has not been through
 * the tour; only journey 27 walks it. For the others, every sign-in of the page's browser context
 * (the form, a token, an e-mailed link) is answered with the same session after
 * `POST /profile/complete-joyride`, as if the person had finished the tour before: the welcome
 * never shows. Failed sign-ins pass through untouched (journey 04 counts them).
 */
const contextsWithoutTour = new WeakSet();

export async function skipTheTour(page) {
  const context = page.context();
  if (contextsWithoutTour.has(context)) return;
  contextsWithoutTour.add(context);
  // The session comes from the password, or after a second factor from `/auth/two-factor` (issue 43).
  await context.route(/\/server\/v1\/auth\/(login|two-factor)$/, async (route) => {
    const response = await sent(() => route.fetch());
    const body = response.status() === 200 ? await response.json().catch(() => null) : null;
    if (!body?.token || body.identity?.joyride !== false) return route.fulfill({ response });
    const done = await sent(() =>
      context.request.post('/server/v1/profile/complete-joyride', {
        headers: { Authorization: `Bearer ${body.token}` },
        data: { done: true },
      }),
    );
    // Support acting as a person, an expired account: their welcome does not show anyway.
    if (!done.ok()) return route.fulfill({ response });
    // Kept: what else the answer says (the recovery codes of an enrolment).
    return route.fulfill({ response, json: { ...body, ...(await done.json()) } });
  });
}

/** Signs in through the login form; `{ tour: true }` keeps the first-run tour (journey 27). */
export async function fillLogin(page, email, password, { tour = false } = {}) {
  if (!tour) await skipTheTour(page);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** The app's own header: while a screen's code loads, the 'Please wait' dialog shows a header of its own. */
export const appBanner = (page) => page.getByRole('banner').filter({ hasNotText: 'Please wait' });

/**
 * The signed-in shell: header with the greeting (a phone's names the page instead, and the person
 * is the account menu's), the side bar and the main landmark.
 */
export async function expectShell(page, firstname) {
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await expect(page.getByTestId('page-name')).toHaveText(/\S/);
    await expect(page.getByTestId('greeting')).toHaveCount(0);
    await expect(page.getByTestId('account-menu')).toHaveAccessibleName(new RegExp(`account menu for ${firstname}\\b`));
  } else {
    await expect(page.getByTestId('greeting')).toHaveText(new RegExp(`^Good (Morning|Afternoon|Evening), ${firstname}$`));
  }
  await expect(appBanner(page)).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
}

/** Signs up through the API (the UI journey of sign-up is its own spec). */
export async function signUpByApi(request, { email, firstname = 'Erin', lastname = 'Tester', company = 'E2E Agency', password = 'journey-secret-42' }) {
  const res = await request.post('/server/v1/account/signup', {
    data: { company, firstname, lastname, email, password, timezone: 'America/New_York', token: '', website: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * A new company whose admin (address `label`-based) followed the mailed link to verify it; signed
 * up through the API. `company`: its name (default: a fresh '… Agency').
 */
export async function signUpVerifiedByApi(request, label, password = 'journey-secret-42', { company = `${uniqueWord()} Agency` } = {}) {
  const email = uniqueEmail(label);
  const firstname = uniqueWord();
  const signedUpAt = Date.now();
  await signUpByApi(request, { email, firstname, company, password });
  const verify = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: signedUpAt })).link);
  const verified = await request.post('/server/v1/account/verify-email', {
    data: { token: verify.searchParams.get('token'), me: verify.searchParams.get('me') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, firstname };
}

/** A fresh word of letters only (a name part), e.g. 'Kqzbtwa': names in journeys never repeat. */
export function uniqueWord() {
  const n = BigInt(Date.now()) * 1_000_000n + BigInt(Math.floor(Math.random() * 1_000_000));
  let word = '';
  for (let rest = n; rest > 0n; rest /= 26n) word += String.fromCharCode(97 + Number(rest % 26n));
  return `${word[0].toUpperCase()}${word.slice(1)}`;
}

/** The claims of a session token (its JWT payload), e.g. `eid`, `roles`. */
export function claimsOf(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** The session token the signed-in page keeps in localStorage. */
export async function tokenOf(page) {
  const token = await page.evaluate(() => window.localStorage.getItem('timekeep.token'));
  if (!token) throw new Error('no session token in the page');
  return token;
}

/**
 * Logs in through the API (for arranging data; the UI login is its own journey). Returns
 * `{ token, claims }`.
 */
/**
 * Sends an API call again once when the connection it went out on was being closed by the server
 * (its idle keep-alive ended as the call left: 'socket hang up', ECONNRESET): the call never
 * reached the server, so sending it again is safe.
 */
async function sent(send) {
  try {
    return await send();
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return send();
  }
}

export async function loginByApi(request, email, password = DEMO_PASSWORD) {
  const res = await sent(() => request.post('/server/v1/auth/login', { data: { email, password } }));
  expect(res.status(), await res.text()).toBe(200);
  const { token } = await res.json();
  return { token, claims: claimsOf(token) };
}

/**
 * An employee of the company `adminEmail` runs (both with `password`) who took the e-mailed
 * invitation and set that password, all through the API. Returns `{ email, firstname, eid }`.
 */
export async function invitedEmployee(request, adminEmail, label, password = 'journey-secret-42') {
  const { token: admin } = await loginByApi(request, adminEmail, password);
  const email = uniqueEmail(label);
  const firstname = uniqueWord();
  const addedAt = Date.now();
  await apiCall(request, admin, 'POST', '/manage/add-user', { data: { firstname, lastname: uniqueWord(), email, permission: 'employee' } });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await sent(() =>
    request.post('/server/v1/auth/login', {
      data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
    }),
  );
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: password, retypePassword: password } });
  return { email, firstname, eid: claimsOf(token).eid };
}

/**
 * A call to `/server/v1{path}` with a bearer token. Fails the test unless the answer has `status`
 * (default: any 2xx); returns the parsed JSON body (null when there is none).
 */
export async function apiCall(request, token, method, path, { data, params, status } = {}) {
  const res = await sent(() => request.fetch(`/server/v1${path}`, { method, data, params, headers: { Authorization: `Bearer ${token}` } }));
  const text = await res.text();
  if (status === undefined) expect(res.ok(), `${method} ${path} -> ${res.status()} ${text}`).toBe(true);
  else expect(res.status(), `${method} ${path} -> ${text}`).toBe(status);
  return text ? JSON.parse(text) : null;
}

/** Logs out through the avatar menu and lands on /login. */
export async function logOut(page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
