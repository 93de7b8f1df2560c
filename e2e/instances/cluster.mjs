/**
 * The pieces of a several-instance deployment on one machine, for the checks (run.mjs) and the
 * benchmark (bench.mjs): instances of `timekeep serve` that can be stopped, killed and started
 * again, the S3 stand-in with its bucket, and calls to the API.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, stopServer, waitForHealth } from '../support/processes.mjs';

export const PASSWORD = 'demo1234';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export async function waitUntil(what, probe, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * The S3 stand-in (e2e/s3/server.py: moto's server, stopped by `stopTestServer(store.child)`),
 * with `bucket` made; its log goes to `logPath`.
 */
export async function startObjectStore({ python, script, bucket, logPath }) {
  const store = await startTestServer({ name: 'S3 stand-in', command: python, script, logPath, hint: 'pip install "moto[server]==5.2.5"' });
  const created = await fetch(`${store.url}/${bucket}`, { method: 'PUT' });
  assert(created.ok, `creating the bucket answered ${created.status}`);
  return store;
}

/**
 * One `timekeep serve` of `bin` on `port` with the environment `vars` and its own data folder;
 * `start()` again after it stopped. `cleanups` gets what removes it.
 */
export function instance({ name, bin, port, vars, databaseUrl, logDir, cleanups }) {
  const dataDir = mkdtempSync(join(tmpdir(), `timekeep-${name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const logPath = join(logDir, `${name}.log`);
  const self = {
    name,
    url: `http://127.0.0.1:${port}`,
    child: null,
    async start() {
      const logFile = createWriteStream(logPath, { flags: 'a' });
      const child = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir], {
        env: { ...vars, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(logFile);
      child.stderr.pipe(logFile);
      self.child = child;
      await waitForHealth(self.url, child, { path: '/readyz', logHint: logPath });
      return self;
    },
    // Up to 10 s for requests in flight and 20 s for a background job under way.
    stop: () => stopServer(self.child, 40_000),
    kill() {
      self.child.kill('SIGKILL');
      return new Promise((r) => (self.child.exitCode !== null || self.child.signalCode !== null ? r() : self.child.once('exit', r)));
    },
  };
  cleanups.push(() => self.child && stopServer(self.child));
  return self;
}

export async function call(server, method, path, { token, json, body, headers = {} } = {}) {
  const init = { method, headers: { ...headers } };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (body !== undefined) init.body = body;
  const res = await fetch(`${server.url}${path}`, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  let parsed = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, body: parsed, bytes, headers: res.headers };
}

export async function login(server, email, password = PASSWORD) {
  const reply = await call(server, 'POST', '/server/v1/auth/login', { json: { email, password } });
  assert(reply.status === 200, `${email} could not sign in on ${server.name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.token;
}

/** Seeds the demo company (`timekeep demo`) into `databaseUrl` with the instances' settings. */
export async function seedDemo({ bin, vars, databaseUrl }) {
  const seeded = spawn(bin, ['demo', '--with-time-off', '--with-hr', '--data-dir', mkdtempSync(join(tmpdir(), 'timekeep-seed-'))], {
    env: { ...vars, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((r) => seeded.on('exit', r));
  assert(code === 0, `timekeep demo exited with ${code}`);
}
