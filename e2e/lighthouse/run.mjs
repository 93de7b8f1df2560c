#!/usr/bin/env node
/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated) of the
 * two pages people open most on a phone: /login, and /clockin signed in as the demo's employee.
 *
 *   TIMEKEEP_BIN   the built server (default: <repo>/target/release/timekeep)
 *   CHROMIUM_PATH  default /usr/bin/chromium
 *   LIGHTHOUSE_THROTTLING  simulate (default, Lighthouse's own) or devtools (a really slowed link)
 *   LIGHTHOUSE_DETAILS=1   print the items behind each audit that is not passed
 *
 * A fresh SQLite data dir with the demo company, the server on a free port serving frontend/dist,
 * then one Lighthouse run per page; prints each category's score and the scripts the page loads.
 * Exits 1 when a page's performance score is below LIGHTHOUSE_MIN (default 90): a regression
 * guard for the benchmark, not for `just test` (scores depend on the machine).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const bin = resolve(process.env.TIMEKEEP_BIN ?? join(repoRoot, 'target', 'release', 'timekeep'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 90);

for (const [what, path] of [['server', bin], ['Chromium', chromium], ['web app', join(repoRoot, 'frontend', 'dist', 'index.html')]]) {
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

const dataDir = mkdtempSync(join(tmpdir(), 'timekeep-lighthouse-'));
const demo = spawnSync(bin, ['demo', '--data-dir', dataDir], { encoding: 'utf8' });
if (demo.status !== 0) {
  console.error(demo.stderr);
  process.exit(2);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, ['serve', '--data-dir', dataDir, '--bind', `127.0.0.1:${port}`, '--web-dir', join(repoRoot, 'frontend', 'dist')], {
  stdio: 'ignore',
  env: { ...process.env, RUST_LOG: 'warn' },
});
const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox'] });

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

  const pages = [
    { path: '/login', token: null },
    { path: '/clockin', token: signIn.token },
  ];
  for (const { path, token } of pages) {
    const page = await browser.newPage();
    // A signed-in visit: the token where the app keeps it, set on the origin before the audit
    // (which must then keep storage rather than clear it).
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((value) => {
      if (value) localStorage.setItem('timekeep.token', value);
      else localStorage.clear();
    }, token);
    const result = await lighthouse(`${base}${path}`, { output: 'json', logLevel: 'error', disableStorageReset: true, throttlingMethod: process.env.LIGHTHOUSE_THROTTLING ?? 'simulate' }, undefined, page);
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    const scores = Object.values(categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`).join(', ');
    const scripts = (audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script');
    const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const unused = audits['unused-javascript'].details?.overallSavingsBytes ?? 0;
    console.log(`${path} (ended on ${new URL(finalDisplayedUrl).pathname}): ${scores}`);
    console.log(
      `  FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, ` +
        `TBT ${audits['total-blocking-time'].displayValue}, CLS ${audits['cumulative-layout-shift'].displayValue}; ` +
        `${scripts.length} scripts, ${(transferred / 1024).toFixed(1)} kB transferred, ${(unused / 1024).toFixed(1)} kB unused`,
    );
    for (const audit of Object.values(audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable') {
        console.log(`  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        if (process.env.LIGHTHOUSE_DETAILS) console.log(JSON.stringify(audit.details?.items ?? [], null, 1).slice(0, 1500));
      }
    }
    if (categories.performance.score * 100 < minimum) failed = true;
    await page.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
