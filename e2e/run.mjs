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
 *
 * Steps: temp data dir -> `timekeep demo --data-dir DIR` -> `timekeep serve --bind 127.0.0.1:<free port>
 * --data-dir DIR --web-dir <repo>/frontend/dist` with TIMEKEEP_PUBLIC_URL -> wait for GET /healthz 200 ->
 * Playwright specs with BASE_URL and DATA_DIR -> SIGTERM -> clean up -> exit with the specs' status.
 * Extra arguments go to `playwright test` (e.g. `node run.mjs specs/02-employee-login.spec.mjs`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const e2eDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(e2eDir, '..');
const artifacts = join(e2eDir, 'artifacts');
const bin = resolve(process.env.TIMEKEEP_BIN ?? join(repoRoot, 'target', 'debug', 'timekeep'));
const webDir = join(repoRoot, 'frontend', 'dist');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const log = (message) => console.log(`[e2e] ${message}`);
const cleanups = [];

function fail(message, code = 2) {
  console.error(`[e2e] ${message}`);
  process.exit(code);
}

if (!existsSync(bin)) fail(`server binary not found at ${bin} (set TIMEKEEP_BIN or build it: cargo build)`);
if (!existsSync(join(webDir, 'index.html'))) fail(`${webDir}/index.html not found: run \`npm ci && npm run build\` in frontend/`);
if (!existsSync(chromium)) fail(`Chromium not found at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function psql(adminUrl, sql) {
  const result = spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr.trim()}`);
}

/** For PostgreSQL: a fresh database, dropped at the end. Returns the server's DATABASE_URL. */
function preparePostgres() {
  const given = process.env.DATABASE_URL ?? '';
  const adminUrl = process.env.E2E_PG_ADMIN_URL ?? (() => {
    const url = new URL(given);
    url.pathname = '/postgres';
    return url.toString();
  })();
  const name = `timekeep_e2e_${randomBytes(6).toString('hex')}`;
  psql(adminUrl, `CREATE DATABASE ${name}`);
  log(`created database ${name}`);
  cleanups.push(() => {
    try {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
    log(`dropped database ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function run(command, args, env, label) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolveRun() : reject(new Error(`${label} exited with ${code ?? signal}`))));
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early with ${server.exitCode} (see ${artifacts}/server.log)`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET ${baseUrl}/healthz did not answer 200 within ${timeoutMs / 1000}s`);
}

function stopServer(server) {
  return new Promise((resolveStop) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolveStop();
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    server.kill('SIGTERM');
  });
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

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog = createWriteStream(join(artifacts, 'server.log'));
  const server = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir, '--web-dir', webDir], {
    env: { ...env, TIMEKEEP_PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  cleanups.push(() => stopServer(server));
  log(`server on ${baseUrl} (log: ${join(artifacts, 'server.log')})`);
  await waitForHealth(baseUrl, server);

  const require = createRequire(import.meta.url);
  const cli = require.resolve('@playwright/test/cli');
  const tests = spawn(process.execPath, [cli, 'test', '--config', join(e2eDir, 'playwright.config.mjs'), ...process.argv.slice(2)], {
    cwd: e2eDir,
    env: { ...env, BASE_URL: baseUrl, DATA_DIR: dataDir, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
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
