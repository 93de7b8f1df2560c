// Journey 28: embedded mode (spec 000 §1, §2). A page of another origin — a tiny HTTP server this
// journey starts on the port run.mjs configured as the server's framing origin (EMBED_PORT,
// TIMEKEEP_FRAME_ANCESTORS) — frames the product at /login?origin=…: the sign-in works inside the
// frame, the shell shows its reduced top menu, the session's token carries the page's origin, and
// logging out posts {type: 'timekeep-logout'} to that page. A page of an origin that is not
// configured is refused the frame by the Content-Security-Policy.
import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { claimsOf, field, signUpVerifiedByApi, skipTheTour } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const BASE_URL = process.env.BASE_URL ?? '';
const EMBED_PORT = Number(process.env.EMBED_PORT);
const EMBED_ORIGIN = process.env.EMBED_ORIGIN ?? '';

/** The embedding page: the product in a frame, and every message it receives kept for the test. */
const embeddingPage = (src) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Agency intranet</title></head>
<body>
<h1>Agency intranet</h1>
<iframe id="timekeep" title="Timekeep" src="${src}" style="width: 1100px; height: 720px; border: 0"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
</script>
</body></html>`;

/** Serves the embedding page on `port` (0: any free one); resolves to { origin, close }. `query`
 * adds to the frame's /login query (a one-time `token`). */
function serveEmbeddingPage(port, query = '') {
  const src = `${BASE_URL}/login?origin=${encodeURIComponent(EMBED_ORIGIN)}${query}`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(embeddingPage(src));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolve({ origin: `http://127.0.0.1:${bound}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

test.beforeAll(() => {
  expect(EMBED_PORT, 'EMBED_PORT: run the journeys through run.mjs').toBeGreaterThan(0);
});

test('a configured page frames the product: sign-in, the reduced menu, and logout told to the page', async ({ page, request }) => {
  const admin = await signUpVerifiedByApi(request, 'embedded', PASSWORD);
  const intranet = await serveEmbeddingPage(EMBED_PORT);
  try {
    expect(intranet.origin).toBe(EMBED_ORIGIN);
    const server = await request.get('/server/v1/account/embedding');
    expect(await server.json()).toEqual({ origins: [EMBED_ORIGIN] });

    await skipTheTour(page);
    await page.goto(`${EMBED_ORIGIN}/`);
    const frame = page.frameLocator('#timekeep');
    // The sign-in alone: no visitor menu (marketing links) and no footer inside the frame.
    await expect(frame.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
    await expect(frame.getByRole('navigation', { name: 'Visitor menu' })).toHaveCount(0);
    await expect(frame.getByRole('navigation', { name: 'Legal' })).toHaveCount(0);
    await field(frame, 'Email').fill(admin.email);
    await field(frame, 'Password').fill(PASSWORD);
    await frame.getByRole('button', { name: 'Log In', exact: true }).click();

    // The shell, with the reduced top menu: no brand link, no greeting; the menus stay.
    const banner = frame.getByRole('banner');
    await expect(banner).toHaveAttribute('data-embedded', 'true');
    await expect(frame.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Timekeep home' })).toHaveCount(0);
    await expect(frame.getByTestId('greeting')).toHaveCount(0);
    await expect(banner.getByTestId('account-menu')).toBeVisible();

    // The session names the embedding page.
    const app = page.frames().find((candidate) => candidate.url().startsWith(BASE_URL));
    expect(app, 'the product is in the frame').toBeTruthy();
    const token = await app.evaluate(() => window.localStorage.getItem('timekeep.token'));
    expect(claimsOf(token).origin).toBe(EMBED_ORIGIN);

    await banner.getByTestId('account-menu').click();
    await frame.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(frame.getByText('You have been logged out.')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.received)).toEqual([{ origin: BASE_URL, data: { type: 'timekeep-logout' } }]);
    // Signed out for real: the token is gone and the server refuses it.
    expect(await app.evaluate(() => window.localStorage.getItem('timekeep.token'))).toBeNull();
    const after = await request.get('/server/v1/auth/login-data', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  } finally {
    await intranet.close();
  }
});

test('a page of an origin that is not configured cannot frame the product', async ({ page }) => {
  const stranger = await serveEmbeddingPage(0);
  try {
    expect(stranger.origin).not.toBe(EMBED_ORIGIN);
    const refusals = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    const product = page.waitForResponse((response) => response.url().startsWith(`${BASE_URL}/login`));
    await page.goto(`${stranger.origin}/`);
    // The server answered the frame's request, with a policy naming only the configured page…
    const answer = await product;
    expect(answer.headers()['content-security-policy']).toContain(`frame-ancestors ${EMBED_ORIGIN}`);
    // …so the browser refused to show it: nothing of the product is in the frame.
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator('#timekeep').getByRole('button', { name: 'Log In', exact: true })).toHaveCount(0);
    expect(page.frames().some((frame) => frame.url().startsWith(BASE_URL) && frame !== page.mainFrame())).toBe(false);
  } finally {
    await stranger.close();
  }
});

test('a one-time code opens the product signed in inside the frame, once; a session token never does', async ({ page, request }) => {
  const admin = await signUpVerifiedByApi(request, 'embedded-code', PASSWORD);
  const login = await request.post('/server/v1/auth/login', { data: { email: admin.email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token: session } = await login.json();
  // The partner asks for a code for its page, with the person's session (its server side).
  const issued = await request.post('/server/v1/auth/login-code', {
    headers: { Authorization: `Bearer ${session}` },
    data: { origin: EMBED_ORIGIN },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { code, expiresIn } = await issued.json();
  expect(expiresIn).toBe(60);
  const intranet = await serveEmbeddingPage(EMBED_PORT, `&token=${encodeURIComponent(code)}`);
  try {
    await skipTheTour(page);
    await page.goto(`${EMBED_ORIGIN}/`);
    const frame = page.frameLocator('#timekeep');
    await expect(frame.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    const app = page.frames().find((candidate) => candidate.url().startsWith(BASE_URL));
    const token = await app.evaluate(() => window.localStorage.getItem('timekeep.token'));
    expect(claimsOf(token).email).toBe(admin.email);
    expect(claimsOf(token).origin).toBe(EMBED_ORIGIN);
    // Spent: the same code signs nobody in again, and a live session token is no code.
    const again = await request.post('/server/v1/auth/login', { data: { token: code, origin: EMBED_ORIGIN } });
    expect(again.status()).toBe(401);
    const asCode = await request.post('/server/v1/auth/login', { data: { token: session, origin: EMBED_ORIGIN } });
    expect(asCode.status()).toBe(401);
  } finally {
    await intranet.close();
  }
});
