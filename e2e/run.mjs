#!/usr/bin/env node
/**
 * Runs the browser journeys against a real server with a fresh database.
 *
 *   TIMEKEEP_BIN   the built server (default: <repo>/target/debug/timekeep)
 *   DATABASE_URL   sqlite:... or postgres://...; unset: the server's default inside the data dir
 *   E2E_PG_ADMIN_URL  for PostgreSQL: an admin URL (e.g. postgres://postgres@127.0.0.1:5432/postgres);
 *                  a database timekeep_e2e_<random> is created on it and dropped afterwards.
 *                  Without it, a postgres DATABASE_URL's server is used the same way (database
 *                  'postgres' as the admin database).
 *   CHROMIUM_PATH  default /usr/bin/chromium
 *   E2E_KEEP=1     keep the temporary data dir (and print where it is)
 *   PYTHON         the Python of the Stripe harness (default python3; it needs localstripe 1.15.10)
 *
 * Single sign-on: the OpenID Connect provider e2e/oidc/harness.mjs (npm ci in e2e/oidc) is started
 * like the Stripe harness; the server is its client `timekeep` (TIMEKEEP_SSO_*); the specs get OIDC_URL.
 *
 * AgencyZoom: the CRM import talks to e2e/agencyzoom/server.py (standard-library Python, started like
 * the Stripe harness; AGENCYZOOM_API_BASE); the specs get AGENCYZOOM_URL to make their agencies there.
 *
 * Embedded mode: the server lets the page at http://127.0.0.1:<EMBED_PORT> frame the app
 * (TIMEKEEP_FRAME_ANCESTORS); journey 28 serves its embedding page there (EMBED_PORT, EMBED_ORIGIN).
 *
 * Steps: temp data dir -> `timekeep demo --data-dir DIR` -> the Stripe harness (e2e/stripe/harness.py,
 * stdin piped: it stops when that closes) -> `timekeep serve --bind 127.0.0.1:<free port>
 * --data-dir DIR --web-dir <repo>/frontend/dist` with TIMEKEEP_PUBLIC_URL and billing on (STRIPE_* pointing
 * at the harness) -> wait for GET /healthz 200 -> the server's webhook registered at the harness ->
 * Playwright specs with BASE_URL, DATA_DIR, STRIPE_URL, TIMEKEEP_BIN (and the server's DATABASE_URL and
 * STRIPE_* for `timekeep charge-run`: support/billing.mjs) -> SIGTERM -> clean up -> exit with the specs'
 * status. Extra arguments go to `playwright test` (e.g. `node run.mjs specs/02-employee-login.spec.mjs`).
 */
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { enrolOperator } from './support/two-factor.mjs';
import { createDatabase, freePort, startTestServer, stopServer, stopTestServer, waitForHealth } from './support/processes.mjs';

const e2eDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(e2eDir, '..');
const artifacts = join(e2eDir, 'artifacts');
/** Which database this run serves from: its logs and Playwright's output are named by it, so the
 * SQLite and PostgreSQL runs can go at once (`just e2e-run`) without writing over each other. */
const databaseTag = process.env.E2E_PG_ADMIN_URL || /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? 'postgres' : 'sqlite';
const logFile = (name) => join(artifacts, `${databaseTag}-${name}.log`);
const bin = resolve(process.env.TIMEKEEP_BIN ?? join(repoRoot, 'target', 'debug', 'timekeep'));
const builtWebDir = process.env.TIMEKEEP_WEB_DIR ? resolve(process.env.TIMEKEEP_WEB_DIR) : join(repoRoot, 'frontend', 'dist');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const python = process.env.PYTHON ?? 'python3';
const stripeHarness = join(e2eDir, 'stripe', 'harness.py');
const oidcHarness = join(e2eDir, 'oidc', 'harness.mjs');
const agencyZoomServer = join(e2eDir, 'agencyzoom', 'server.py');

/** Billing is on, as in the hosted product; these keys are the harness's (any test key works there). */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
};

const log = (message) => console.log(`[e2e] ${message}`);
const cleanups = [];

function fail(message, code = 2) {
  console.error(`[e2e] ${message}`);
  process.exit(code);
}

if (!existsSync(bin)) fail(`server binary not found at ${bin} (set TIMEKEEP_BIN or build it: cargo build)`);
if (!existsSync(join(builtWebDir, 'index.html'))) fail(`${builtWebDir}/index.html not found: run \`npm ci && npm run build\` in frontend/`);
/** The run's own copy of the built app: journey 46 rewrites its service worker, and the SQLite
 * and PostgreSQL runs go at once (`just e2e-run`), so neither may see the other's rewrite. */
const webDir = mkdtempSync(join(tmpdir(), `timekeep-e2e-web-${databaseTag}-`));
cpSync(builtWebDir, webDir, { recursive: true });
cleanups.push(() => rmSync(webDir, { recursive: true, force: true }));
if (!existsSync(chromium)) fail(`Chromium not found at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);

/** For PostgreSQL: a fresh database, dropped at the end. Returns the server's DATABASE_URL. */
function preparePostgres() {
  const given = process.env.DATABASE_URL ?? '';
  const adminUrl = process.env.E2E_PG_ADMIN_URL ?? (() => {
    const url = new URL(given);
    url.pathname = '/postgres';
    return url.toString();
  })();
  const database = createDatabase(adminUrl, 'timekeep_e2e');
  log(`created database ${database.name}`);
  cleanups.push(() => {
    database.drop();
    log(`dropped database ${database.name}`);
  });
  return database.url;
}

function run(command, args, env, label) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolveRun() : reject(new Error(`${label} exited with ${code ?? signal}`))));
  });
}

/** The server's webhook endpoint at the harness (signed with STRIPE_WEBHOOK_SECRET). */
async function registerWebhook(stripeUrl, baseUrl) {
  const res = await fetch(`${stripeUrl}/_config/webhooks/timekeep`, {
    method: 'POST',
    body: new URLSearchParams({ url: `${baseUrl}/server/v1/billing/webhook`, secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET }),
  });
  if (!res.ok) throw new Error(`registering the webhook at the Stripe harness answered ${res.status}: ${await res.text()}`);
}

async function cleanup() {
  while (cleanups.length) {
    const step = cleanups.pop();
    try {
      await step();
    } catch (error) {
      console.error(`[e2e] cleanup: ${error.message}`);
    }
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    await cleanup();
    process.exit(130);
  });
}

let status = 1;
try {
  mkdirSync(artifacts, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'timekeep-e2e-'));
  cleanups.push(() => {
    if (process.env.E2E_KEEP === '1') log(`kept data dir ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  });

  const env = { ...process.env };
  // Mail must land in <data dir>/outbox/, where the journeys read it.
  delete env.SMTP_URL;
  const givenUrl = process.env.DATABASE_URL ?? '';
  if (process.env.E2E_PG_ADMIN_URL || /^postgres(ql)?:\/\//.test(givenUrl)) {
    env.DATABASE_URL = preparePostgres();
  }
  log(`database: ${env.DATABASE_URL ? env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@') : '(server default in the data dir)'}`);

  log(`seeding the demo company in ${dataDir}`);
  await run(bin, ['demo', '--data-dir', dataDir], env, 'timekeep demo');

  const stripe = await startTestServer({ name: 'Stripe harness', command: python, script: stripeHarness, logPath: logFile('stripe'), hint: 'pip install localstripe==1.15.10' });
  cleanups.push(() => stopTestServer(stripe.child));
  log(`Stripe harness on ${stripe.url} (log: ${logFile('stripe')})`);

  const oidc = await startTestServer({ name: 'OpenID harness', command: process.execPath, script: oidcHarness, logPath: logFile('oidc'), hint: 'npm ci in e2e/oidc' });
  if (!oidc.clients?.timekeep) throw new Error('the OpenID harness named no client timekeep');
  cleanups.push(() => stopTestServer(oidc.child));
  log(`OpenID provider on ${oidc.url} (log: ${logFile('oidc')})`);

  const agencyzoom = await startTestServer({ name: 'AgencyZoom server', command: python, script: agencyZoomServer, logPath: logFile('agencyzoom'), hint: 'python3' });
  cleanups.push(() => stopTestServer(agencyzoom.child));
  log(`AgencyZoom server on ${agencyzoom.url}`);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const embedPort = await freePort();
  const embedOrigin = `http://127.0.0.1:${embedPort}`;
  // What the server and `timekeep charge-run` (support/billing.mjs) share: the database, billing.
  const serverEnv = { ...env, ...STRIPE_ENV, STRIPE_API_BASE: stripe.url, TIMEKEEP_PUBLIC_URL: baseUrl, TIMEKEEP_FRAME_ANCESTORS: embedOrigin };
  // Every journey signs its companies up from 127.0.0.1: more than the 10 an hour one address may.
  serverEnv.TIMEKEEP_SIGNUPS_PER_IP_HOUR = '1000';
  // Single sign-on through the OpenID harness, as its client `timekeep` (journey 25).
  Object.assign(serverEnv, {
    TIMEKEEP_SSO_ISSUER: oidc.url,
    TIMEKEEP_SSO_CLIENT_ID: oidc.clients.timekeep.id,
    TIMEKEEP_SSO_CLIENT_SECRET: oidc.clients.timekeep.secret,
  });
  // The CRM import reads the AgencyZoom stand-in (journey 26).
  serverEnv.AGENCYZOOM_API_BASE = agencyzoom.url;
  // Journey 56's webhook receiver listens on 127.0.0.1: the server may deliver to loopback (and http://).
  serverEnv.TIMEKEEP_WEBHOOKS_ALLOW_PRIVATE = 'true';
  const serverLog = createWriteStream(logFile('server'));
  const server = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir, '--web-dir', webDir], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  cleanups.push(() => stopServer(server));
  log(`server on ${baseUrl} (log: ${logFile('server')})`);
  await waitForHealth(baseUrl, server, { logHint: logFile('server') });
  await registerWebhook(stripe.url, baseUrl);
  // The demo operator must use a second factor (issue 43): enrolled once here, its secret handed to the specs.
  const operatorTotpSecret = await enrolOperator(baseUrl, 'sysadmin@timekeep.example.com', 'demo1234');

  const require = createRequire(import.meta.url);
  const cli = require.resolve('@playwright/test/cli');
  const tests = spawn(process.execPath, [cli, 'test', '--config', join(e2eDir, 'playwright.config.mjs'), ...process.argv.slice(2)], {
    cwd: e2eDir,
    env: {
      ...serverEnv,
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      STRIPE_URL: stripe.url,
      OIDC_URL: oidc.url,
      AGENCYZOOM_URL: agencyzoom.url,
      EMBED_PORT: String(embedPort),
      EMBED_ORIGIN: embedOrigin,
      TIMEKEEP_BIN: bin,
      OPERATOR_TOTP_SECRET: operatorTotpSecret,
      WEB_DIR: webDir,
      E2E_OUTPUT_DIR: join(e2eDir, 'test-results', databaseTag),
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
    stdio: 'inherit',
  });
  status = await new Promise((resolveTests) => tests.on('exit', (code) => resolveTests(code ?? 1)));
} catch (error) {
  console.error(`[e2e] ${error.message}`);
  status = 1;
} finally {
  await cleanup();
}
process.exit(status);
