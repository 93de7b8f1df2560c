#!/usr/bin/env node
/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated) of the
 * two pages people open most on a phone: /login, and /clockin signed in as the demo's employee
 * (past the first-run welcome tour, as the clock opens every day).
 *
 *   TIMEKEEP_BIN      the built server (default: <repo>/target/release/timekeep)
 *   TIMEKEEP_WEB_DIR  the built web app (default: <repo>/frontend/dist)
 *   CHROMIUM_PATH  default /usr/bin/chromium
 *   LIGHTHOUSE_THROTTLING  simulate (default, Lighthouse's own) or devtools (a really slowed link)
 *   LIGHTHOUSE_DETAILS=1   print the items behind each audit that is not passed
 *   LIGHTHOUSE_RUNS   audits per page (default 1); with more, each run and the median score are
 *                     printed (the simulated blocking time follows the machine's load)
 *
 * A fresh SQLite data dir with the demo company, the server on a free port serving the web app,
 * then per page a first visit in a fresh browser profile (empty cache, no service worker) audited
 * by Lighthouse; prints each category's score and the scripts the page loads (bytes transferred:
 * brotli bodies and headers). For /clockin also the repeat visit (issue 39): once the service
 * worker of the first visit is active, a second navigation in the same profile, with every byte
 * the server sends counted on the wire (a counting proxy in front of it: pages, the worker's own
 * update check, the API), split by what asked for it.
 *
 * Exits 1 when a page's (median) performance score is below LIGHTHOUSE_MIN (default 90), or when the
 * repeat visit of /clockin loads any script or stylesheet from the network: a regression guard
 * for the benchmark, not for `just test` (scores depend on the machine).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const bin = resolve(process.env.TIMEKEEP_BIN ?? join(repoRoot, 'target', 'release', 'timekeep'));
const webDir = resolve(process.env.TIMEKEEP_WEB_DIR ?? join(repoRoot, 'frontend', 'dist'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 90);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

for (const [what, path] of [['server', bin], ['Chromium', chromium], ['web app', join(webDir, 'index.html')]]) {
  if (!existsSync(path)) {
    console.error(`${what} not found at ${path}`);
    process.exit(2);
  }
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A TCP proxy on `port` to the server on `target` that counts the bytes the server sends: what
 * the browser gets "from the network", whoever asked (page, service worker, the browser itself).
 */
function countingProxy(port, target) {
  const counter = { bytes: 0 };
  const proxy = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    upstream.on('data', (chunk) => {
      counter.bytes += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  return new Promise((resolveProxy) => proxy.listen(port, '127.0.0.1', () => resolveProxy({ proxy, counter })));
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const dataDir = mkdtempSync(join(tmpdir(), 'timekeep-lighthouse-'));
const demo = spawnSync(bin, ['demo', '--data-dir', dataDir], { encoding: 'utf8' });
if (demo.status !== 0) {
  console.error(demo.stderr);
  process.exit(2);
}
const serverPort = await freePort();
const server = spawn(bin, ['serve', '--data-dir', dataDir, '--bind', `127.0.0.1:${serverPort}`, '--web-dir', webDir], {
  stdio: 'ignore',
  env: { ...process.env, RUST_LOG: 'warn' },
});
const port = await freePort();
const { proxy, counter } = await countingProxy(port, serverPort);
const base = `http://127.0.0.1:${port}`;

/**
 * The second visit of `path` in the profile of `page`, whose first visit registered the service
 * worker: waits for the worker to be active and in control, then navigates again and counts.
 */
async function repeatVisit(page, path) {
  const active = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return 'no service worker support';
    const deadline = Date.now() + 60_000;
    while (!(await navigator.serviceWorker.getRegistration()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (!(await navigator.serviceWorker.getRegistration())) return 'no service worker registered';
    await navigator.serviceWorker.ready;
    return null;
  });
  if (active) return { error: active };
  // Lighthouse leaves its emulation on the page; the repeat visit is an ordinary one.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => requests.set(requestId, { url: request.url, type, bytes: 0 }));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = requests.get(requestId);
    if (entry) Object.assign(entry, { fromServiceWorker: response.fromServiceWorker, fromDiskCache: response.fromDiskCache });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const entry = requests.get(requestId);
    if (entry) entry.fromMemoryCache = true;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  const before = counter.bytes;
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
  // The browser checks for a new worker after a navigation (a fetch of /sw.js): counted too.
  await new Promise((r) => setTimeout(r, 3000));
  const wire = counter.bytes - before;
  await cdp.detach();
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  const byKind = {};
  for (const entry of requests.values()) {
    const network = !entry.fromServiceWorker && !entry.fromDiskCache && !entry.fromMemoryCache;
    const kind = entry.type ?? 'Other';
    byKind[kind] ??= { requests: 0, fromWorker: 0, networkBytes: 0 };
    byKind[kind].requests += 1;
    if (entry.fromServiceWorker) byKind[kind].fromWorker += 1;
    if (network) byKind[kind].networkBytes += entry.bytes;
  }
  const pageBytes = Object.values(byKind).reduce((sum, kind) => sum + kind.networkBytes, 0);
  return { wire, controlled, byKind, pageBytes };
}

let failed = false;
try {
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const signIn = await fetch(`${base}/server/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'employee1@demo.example.com', password: 'demo1234' }),
  }).then((r) => r.json());
  // The clock as it opens every day: the first-run welcome tour (a modal over it) is behind the
  // employee, as after their first sign-in. The session's claims say so (a fresh token).
  const everyDay = await fetch(`${base}/server/v1/profile/complete-joyride`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${signIn.token}` },
    body: JSON.stringify({ done: true }),
  }).then((r) => r.json());

  const pages = [
    { path: '/login', token: null },
    { path: '/clockin', token: everyDay.token ?? signIn.token, repeat: true },
  ];
  for (const { path, token, repeat } of pages) {
    const performance = [];
    for (let run = 1; run <= runs; run += 1) {
      // A first visit: a browser of its own (a fresh profile: empty cache, no service worker yet).
      const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox'] });
      const page = await browser.newPage();
      // A signed-in visit: the token where the app keeps it, set on the origin before the audit
      // (which must then keep storage rather than clear it).
      await page.goto(`${base}/robots.txt`);
      await page.evaluate((value) => {
        if (value) localStorage.setItem('timekeep.token', value);
        else localStorage.clear();
      }, token);
      const result = await lighthouse(`${base}${path}`, { output: 'json', logLevel: 'error', disableStorageReset: true, throttlingMethod: process.env.LIGHTHOUSE_THROTTLING ?? 'simulate' }, undefined, page);
      const { categories, audits, finalDisplayedUrl, environment } = result.lhr;
      performance.push(Math.round(categories.performance.score * 100));
      const scores = Object.values(categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`).join(', ');
      // The page's own requests (not those of a worker it started).
      const requests = (audits['network-requests'].details?.items ?? []).filter((item) => item.sessionTargetType === undefined || item.sessionTargetType === 'page');
      const scripts = requests.filter((item) => item.resourceType === 'Script');
      const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const unused = audits['unused-javascript'].details?.overallSavingsBytes ?? 0;
      console.log(`${path}${runs > 1 ? ` (run ${run} of ${runs})` : ''} (ended on ${new URL(finalDisplayedUrl).pathname}): ${scores}; machine benchmark index ${Math.round(environment.benchmarkIndex)}`);
      console.log(
        `  FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, ` +
          `SI ${audits['speed-index'].displayValue}, TBT ${audits['total-blocking-time'].displayValue}, CLS ${audits['cumulative-layout-shift'].displayValue}; ` +
          `first visit: ${scripts.length} scripts, ${kB(transferred)} transferred (brotli), ${kB(unused)} unused; ` +
          `${requests.length} requests, ${kB(requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0))} in all`,
      );
      for (const audit of Object.values(audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable') {
          console.log(`  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          if (process.env.LIGHTHOUSE_DETAILS) console.log(JSON.stringify(audit.details?.items ?? [], null, 1).slice(0, 1500));
        }
      }
      if (repeat && run === runs) {
        const second = await repeatVisit(page, path);
        if (second.error) {
          console.log(`  repeat visit: ${second.error}`);
          failed = true;
        } else {
          const kinds = Object.entries(second.byKind)
            .map(([kind, k]) => `${kind} ${k.requests}${k.fromWorker ? ` (${k.fromWorker} from the worker)` : ''}: ${kB(k.networkBytes)}`)
            .join(', ');
          const assets = (second.byKind.Script?.networkBytes ?? 0) + (second.byKind.Stylesheet?.networkBytes ?? 0);
          console.log(
            `  repeat visit (service worker ${second.controlled ? 'in control' : 'NOT in control'}): ${kB(second.wire)} on the wire in all, ` +
              `the page's requests ${kB(second.pageBytes)} from the network; scripts and stylesheets ${kB(assets)}`,
          );
          console.log(`    by type: ${kinds}`);
          if (assets > 0 || !second.controlled) failed = true;
        }
      }
      await browser.close();
    }
    const median = [...performance].sort((a, b) => a - b)[Math.floor((performance.length - 1) / 2)];
    if (runs > 1) console.log(`${path}: performance ${performance.join(', ')}; median ${median}`);
    if (median < minimum) failed = true;
  }
} finally {
  proxy.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
