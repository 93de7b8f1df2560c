// Shared steps of the browser journeys.
import { expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export async function fillLogin(page, email, password) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** The signed-in shell: header with the greeting, the side bar and the main landmark. */
export async function expectShell(page, firstname) {
  await expect(page.getByTestId('greeting')).toHaveText(new RegExp(`^Good (Morning|Afternoon|Evening), ${firstname}$`));
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
}

/** Signs up through the API (the UI journey of sign-up is its own spec). */
export async function signUpByApi(request, { email, firstname = 'Erin', lastname = 'Tester', company = 'E2E Agency', password = 'password123' }) {
  const res = await request.post('/server/v1/account/signup', {
    data: { company, firstname, lastname, email, password, timezone: 'America/New_York', token: '', website: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
}
