// Journey 46 (issue 39): Timekeep installs as an app and opens without a network.
//
// - The web app manifest is linked from every page and complete (name, start /clockin, scope,
//   standalone, theme colour, id), and its icons are real PNGs of the sizes they claim.
// - Chromium finds nothing that keeps it from installing the app (CDP Page.getInstallabilityErrors).
// - The service worker registers after the page has loaded and controls the app; the API never
//   goes through it (no answer of /server/… comes from the worker).
// - Offline after one visit: the signed-in app opens (/clockin, and a screen not opened before),
//   the sign-in page too.
// - Background Sync of the tag 'timekeep-outbox' (the clock's outbox registers it) posts
//   {type: 'timekeep-outbox-flush'} to the open windows.
// - index.html's static first frame (shown before the app's scripts have run) draws the texts of
//   /login and of the clock's frame where the app then draws them (phone and desktop).
// - Updates: a changed /sw.js (a new build) installs in the background and waits while the app is
//   open (no reload, nothing swapped under what the person does); it takes over once the app's
//   windows are closed and the app is opened again. The new build is simulated: for the length of
//   that test the served web dir's sw.js is the built worker plus a message handler that names
//   it (a different script, as a new build's is; the file is put back afterwards); the browser's
//   update check (Playwright cannot route it) and everything else are the real ones.
import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO, DEMO_PASSWORD, appBanner, fillLogin } from '../support/journey.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The web app the server serves (as run.mjs picks it). */
// The web dir the server serves (run.mjs's copy for this run; WEB_DIR).
const webDir = resolve(process.env.WEB_DIR ?? process.env.TIMEKEEP_WEB_DIR ?? join(repoRoot, 'frontend', 'dist'));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Waits until the page's origin has an active service worker; returns its script URL and scope. */
async function activeWorker(page) {
  return page.evaluate(async () => {
    const deadline = Date.now() + 30_000;
    while (!(await navigator.serviceWorker.getRegistration()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL ?? null, scope: registration.scope };
  });
}

test('the manifest is linked and complete, and its icons are PNGs of the sizes they claim', async ({ page, request, baseURL }) => {
  await page.goto('/login');
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveCount(1);
  const href = await link.getAttribute('href');
  const answer = await request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: 'Timekeep',
    short_name: 'Timekeep',
    start_url: '/clockin',
    scope: '/',
    display: 'standalone',
    theme_color: '#1864ab',
  });
  expect(manifest.id).toBeTruthy();
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // The page's theme colour is the manifest's (the browser's bar before and after install).
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

  const wanted = [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ];
  for (const [sizes, purpose] of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose));
    expect(icon, `an icon ${sizes} for ${purpose}`).toBeTruthy();
    expect(icon.type).toBe('image/png');
    const image = await request.get(new URL(icon.src, new URL(href, baseURL)).href);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const bytes = await image.body();
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    const [width, height] = sizes.split('x').map(Number);
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([width, height]);
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const touch = await request.get(touchIcon);
  expect(touch.headers()['content-type']).toBe('image/png');
});

test('Chromium finds the app installable', async ({ baseURL }) => {
  // Chromium never offers to install from an incognito profile (a test's usual context): an
  // ordinary profile of its own, with the configuration's browser.
  const profile = mkdtempSync(join(tmpdir(), 'timekeep-e2e-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    baseURL,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await activeWorker(page);
    const cdp = await context.newCDPSession(page);
    const { errors, url } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});


test('the service worker controls the app, leaves the API alone, and opens the app offline', async ({ page, context, baseURL }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO.employee(3), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);
  await expect(appBanner(page)).toBeVisible();

  const worker = await activeWorker(page);
  expect(worker).toEqual({ script: `${baseURL}/sw.js`, scope: `${baseURL}/` });
  // A first install takes control at once; after a reload the page is the worker's for sure.
  await page.reload();
  await expect(appBanner(page)).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);

  // The API goes to the network, never answered by the worker; the page itself is.
  const api = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/server/')) api.push(response);
  });
  const [document] = await Promise.all([
    page.waitForResponse((response) => response.request().isNavigationRequest() && response.url().endsWith('/clockin')),
    page.reload(),
  ]);
  await expect(appBanner(page)).toBeVisible();
  await expect.poll(() => api.length).toBeGreaterThan(0);
  expect(document.fromServiceWorker()).toBe(true);
  expect(api.filter((response) => response.fromServiceWorker()).map((response) => response.url())).toEqual([]);

  // Offline: the app shell and the signed-in screens open from the worker's precache.
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page).toHaveURL(/\/clockin$/);
    await expect(appBanner(page)).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clock' })).toBeAttached();
    // A screen whose code was never loaded in this session: its chunk is precached too.
    await page.goto('/pto');
    await expect(page).toHaveURL(/\/pto$/);
    await expect(appBanner(page)).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    // A signed-out visitor's page opens as well.
    await page.evaluate(() => localStorage.removeItem('timekeep.token'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('Background Sync of the clock\'s outbox wakes the open windows', async ({ page, context, baseURL }) => {
  await page.goto('/login');
  await activeWorker(page);
  const cdp = await context.newCDPSession(page);
  const registrations = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/`)?.registrationId ?? null).not.toBeNull();
  const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL}/`);
  const heard = page.evaluate(
    () => new Promise((resolveMessage) => navigator.serviceWorker.addEventListener('message', (event) => resolveMessage(event.data), { once: true })),
  );
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseURL, registrationId, tag: 'timekeep-outbox', lastChance: false });
  expect(await heard).toEqual({ type: 'timekeep-outbox-flush' });
});

/**
 * The text of the page (each text's words and where they are drawn) with the app's scripts or
 * without them, at the static first frame of index.html (public/boot.js still runs).
 */
async function textsDrawn(page, path, { withApp }) {
  if (!withApp) await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  if (withApp) await expect(page.locator('.tk-boot')).toHaveCount(0);
  else await expect(page.locator('html[data-boot]')).toHaveCount(1);
  // The clock's card draws its greeting once the status has come (a loaded server answers late).
  if (withApp && path === '/clockin') await expect(page.getByTestId('clock-time')).toBeVisible();
  const texts = await page.evaluate(() => {
    const found = {};
    const walker = document.createTreeWalker(document.getElementById('root'), NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode.textContent.trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(walker.currentNode);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.left >= 0) (found[text] ??= []).push([box.left, box.top, box.height]);
    }
    return found;
  });
  if (!withApp) await page.unroute('**/assets/*.js');
  return texts;
}

/**
 * Drawn as often, at the same places and sizes, to the pixel (a sub-pixel difference of line boxes
 * aside).
 */
function samePlace(first, app, what) {
  expect(first, `${what} in the first frame`).toBeTruthy();
  expect(app, `${what} drawn by the app`).toBeTruthy();
  expect(first.length, `${what}: drawn as often`).toBe(app.length);
  first.forEach((box, n) => box.forEach((value, i) => expect(Math.abs(value - app[n][i]), `${what}: ${box} vs ${app[n]}`).toBeLessThanOrEqual(1)));
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`the first frame before the app's scripts is the screen they draw (${viewport.width} px)`, async ({ browser, baseURL }) => {
    // The sign-in page (above where a configured single sign-on adds its button once asked).
    // No service worker here: the scripts it would serve from its cache are out of the routes' reach.
    const visitor = await browser.newContext({ viewport, baseURL, serviceWorkers: 'block' });
    const before = await textsDrawn(await visitor.newPage(), '/login', { withApp: false });
    const after = await textsDrawn(await visitor.newPage(), '/login', { withApp: true });
    // ('Start Free Trial': the header's button; the link under the card moves with the sign-on button.)
    for (const text of ['Log In', 'Start Free Trial', 'Welcome back to Timekeep', 'Email', 'Password', 'Forgot your password?', 'Privacy', 'Terms', 'License']) {
      samePlace(before[text]?.slice(0, 1), after[text]?.slice(0, 1), `'${text}'`);
    }
    await visitor.close();

    // The clock of a signed-in employee: the frame, the greeting, the company clock's place.
    const employee = await browser.newContext({ viewport, baseURL, timezoneId: 'America/New_York', serviceWorkers: 'block' });
    const page = await employee.newPage();
    await page.goto('/login');
    await fillLogin(page, DEMO.employee(4), DEMO_PASSWORD);
    await expect(page.getByTestId('clock-time')).toBeVisible();
    const drawn = await textsDrawn(await employee.newPage(), '/clockin', { withApp: true });
    const first = await textsDrawn(await employee.newPage(), '/clockin', { withApp: false });
    const greeting = Object.keys(drawn).find((text) => /^Good (Morning|Afternoon|Evening), /.test(text));
    const clock = Object.keys(drawn).find((text) => /^\d\d:\d\d:\d\d [AP]M$/.test(text));
    const firstClock = Object.keys(first).find((text) => /^\d\d:\d\d:\d\d [AP]M$/.test(text));
    samePlace(first[greeting], drawn[greeting], 'the greeting');
    samePlace(first[firstClock], drawn[clock], 'the clock');
    for (const text of ['This shift', 'This week', 'Timekeep'].filter((t) => drawn[t])) samePlace(first[text], drawn[text], `'${text}'`);
    await employee.close();
  });
}

/**
 * Asks the worker in control which build it is: the simulated next build answers (see below); the
 * built worker has no such handler and stays silent (null).
 */
function buildInControl(page) {
  return page.evaluate(
    () =>
      new Promise((resolveBuild) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return resolveBuild('no worker');
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolveBuild(event.data);
        worker.postMessage('journey-46: which build?', [channel.port2]);
        setTimeout(() => resolveBuild(null), 1500);
      }),
  );
}

test('a new build installs in the background and takes over on the next open', async ({ context, baseURL }) => {
  let page = await context.newPage();
  await page.goto('/login');
  await activeWorker(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${baseURL}/sw.js`);
  expect(await buildInControl(page)).toBeNull();

  // The worker's code takes over only when the old one's windows are gone.
  const workerFile = join(webDir, 'sw.js');
  const built = readFileSync(workerFile);
  expect(built.toString()).not.toMatch(/skipWaiting/);

  // 'The next build': the served /sw.js is the built worker plus a line that answers the question
  // above (a different script, as a new build's is). Put back whatever happens.
  const nextBuild = `\nself.addEventListener('message', (event) => { if (event.data === 'journey-46: which build?') event.ports[0].postMessage('next build'); });\n`;
  writeFileSync(workerFile, Buffer.concat([built, Buffer.from(nextBuild)]));
  try {
    // The browser's own check finds it (on a navigation, or as here when the app asks).
    const installed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update();
      const next = registration.installing ?? registration.waiting;
      if (!next) return 'nothing new';
      if (next.state !== 'installed') {
        await new Promise((resolveState) => next.addEventListener('statechange', () => next.state !== 'installing' && resolveState()));
      }
      return registration.waiting === next ? 'waiting' : next.state;
    });
    expect(installed).toBe('waiting');

    // While the app is open nothing changes under it, not even on a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect(await buildInControl(page)).toBeNull();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration()).waiting))).toBe(true);

    // The next open: the app's window closed, then the app opened again.
    // The browser lets the old window go a moment after it closed; an open within that moment is
    // still the old build's (and keeps the new one waiting), so the app is closed and opened again
    // until it is not, as a user opening it later would find.
    await page.close();
    await expect
      .poll(
        async () => {
          page = await context.newPage();
          await page.goto('/login');
          await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
          const build = await buildInControl(page);
          if (build !== 'next build') await page.close();
          return build;
        },
        { timeout: 30_000 },
      )
      .toBe('next build');
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration()).waiting))).toBe(false);
  } finally {
    writeFileSync(workerFile, built);
  }
});
