/**
 * Starting and stopping what the harnesses run (e2e/run.mjs: the browser journeys;
 * e2e/instances/run.mjs: several servers on one database): free ports, throwaway PostgreSQL
 * databases, the servers' health, and the test servers that print their address on stdout.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

export function freePort() {
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

export function psql(url, sql) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-A', '-t', '-c', sql], { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/**
 * A fresh database `<prefix>_<random>` on the server of `adminUrl`. Returns its URL and `drop()`.
 */
export function createDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  psql(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => {
    try {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
  };
  return { name, url: url.toString(), drop };
}

/** Waits for `GET <baseUrl><path>` to answer 200 while `server` (a child process) lives. */
export async function waitForHealth(baseUrl, server, { timeoutMs = 60_000, path = '/healthz', logHint = '' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early with ${server.exitCode}${logHint ? ` (see ${logHint})` : ''}`);
    try {
      const res = await fetch(`${baseUrl}${path}`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`GET ${baseUrl}${path} did not answer 200 within ${timeoutMs / 1000}s`);
}

/**
 * A test server the harness talks to — the Stripe stand-in (e2e/stripe/harness.py), the OpenID
 * provider (e2e/oidc/harness.mjs), the AgencyZoom stand-in (e2e/agencyzoom/server.py). Each is
 * started with its stdin piped, prints one JSON line naming at least its `url`, and serves until
 * that stdin closes. Returns that line's fields and `child`; `hint` says what to install when it
 * does not start; its stderr goes to `logPath`.
 */
export function startTestServer({ name, command, script, logPath, hint, timeoutMs = 30_000 }) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(command, [script], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.pipe(createWriteStream(logPath));
    let buffered = '';
    let settled = false;
    const done = (error, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolveStart(value);
    };
    const timer = setTimeout(() => done(new Error(`the ${name} printed no address within ${timeoutMs / 1000}s (see ${logPath})`)), timeoutMs);
    child.on('error', (error) => done(new Error(`the ${name} did not start (${command}): ${error.message}`)));
    child.on('exit', (code, signal) => done(new Error(`the ${name} exited with ${code ?? signal} (see ${logPath}; ${hint})`)));
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      try {
        const line = JSON.parse(buffered.slice(0, end));
        if (!/^https?:\/\//.test(line.url ?? '')) throw new Error(`no url in ${buffered.slice(0, end)}`);
        done(null, { ...line, child });
      } catch (error) {
        done(new Error(`the ${name}'s first line is not its address: ${error.message}`));
      }
    });
  });
}

/** Closing its stdin stops a test server; SIGTERM, then SIGKILL, if it lingers. */
export function stopTestServer(child) {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    const term = setTimeout(() => child.kill('SIGTERM'), 5_000);
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(term);
      clearTimeout(kill);
      resolveStop();
    });
    child.stdin.end();
  });
}

/** SIGTERM (the server finishes what it has and exits), SIGKILL after `graceMs`. */
export function stopServer(server, graceMs = 15_000) {
  return new Promise((resolveStop) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolveStop();
    const timer = setTimeout(() => server.kill('SIGKILL'), graceMs);
    server.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    server.kill('SIGTERM');
  });
}
