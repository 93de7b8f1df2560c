// Journey 38 (issue 36 §5): a deployment without billing (no STRIPE_* settings: a self-hosted
// install) says so instead of offering what it does not have. The journey starts a second server
// of its own, with billing off, on a fresh SQLite data dir seeded with the demo: signup offers no
// trial and no promotion code; the operator's Promotions page says billing is not enabled instead
// of failing twice; an admin finds no Billing entry, and its address says there is nothing to pay.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, fillLogin } from '../support/journey.mjs';
import { freePort, stopServer, waitForHealth } from '../support/processes.mjs';
import { enrolOperator, enterOperatorCode } from '../support/two-factor.mjs';

const bin = process.env.TIMEKEEP_BIN ?? '../target/debug/timekeep';
const webDir = process.env.WEB_DIR ?? '../frontend/dist';

/** The environment of a server without billing (nor the main server's database or sign-on). */
function billingOffEnv() {
  const env = { ...process.env, RUST_LOG: 'warn' };
  for (const key of Object.keys(env)) {
    if (key.startsWith('STRIPE_') || key.startsWith('TIMEKEEP_SSO_') || key === 'DATABASE_URL') delete env[key];
  }
  return env;
}

function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`timekeep ${args[0]} exited with ${code}`))));
  });
}

let server;
let baseUrl;
let dataDir;
let operatorSecret;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'timekeep-billing-off-'));
  const env = billingOffEnv();
  await run(['demo', '--data-dir', dataDir], env);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir, '--web-dir', webDir], {
    env: { ...env, TIMEKEEP_PUBLIC_URL: baseUrl },
    stdio: 'ignore',
  });
  await waitForHealth(baseUrl, server);
  // This deployment's operator enrols its second factor (issue 43) before the journey signs in.
  operatorSecret = await enrolOperator(baseUrl, DEMO.sysadmin, DEMO_PASSWORD);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a deployment without billing says so, and offers no trial, code or payment', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('30 days free. No card, no contract.')).toHaveCount(0);
  await expect(page.getByLabel(/Promotion code/)).toHaveCount(0);

  // The operator's Promotions: one plain sentence, no failed calls.
  await page.goto('/login');
  await fillLogin(page, DEMO.sysadmin, DEMO_PASSWORD);
  await enterOperatorCode(page, operatorSecret);
  await expect(page).toHaveURL(/\/sy5tem\//);
  await page.goto('/sy5tem/promot');
  await expect(page.getByText('Billing is not enabled on this deployment, so there are no promotion codes to manage.')).toBeVisible();
  await expect(page.getByText(/404|Not Found/)).toHaveCount(0);
  const serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await context.close();

  // An admin: no Billing in the menu, and the billing address says there is nothing to pay.
  const adminContext = await browser.newContext({ baseURL: baseUrl });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await fillLogin(admin, DEMO.admin, DEMO_PASSWORD);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await admin.goto('/admin/manage/my-account');
  await expect(admin.getByText('Billing is not enabled on this deployment: there is nothing to pay.')).toBeVisible();
  await adminContext.close();
});
