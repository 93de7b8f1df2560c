// Journey 56 (issue 43): company webhooks (docs/contracts/webhooks.md).
//
// - A receiver of its own (Node's `http` on 127.0.0.1, a random port) records every POST (headers
//   and the raw body) and answers 500 to the first, 204 to the rest. run.mjs starts the server with
//   TIMEKEEP_WEBHOOKS_ALLOW_PRIVATE=true, so it may deliver to loopback over http://.
// - In a company of its own, the owner admin signs in, opens Webhooks from the menu and adds the
//   endpoint `http://127.0.0.1:<port>/hook` for 'Employee added'; the dialog shows the signing
//   secret once (`whsec_` + 64 hex) with 'You will not see it again'.
// - An employee added through the API reaches the receiver: `Timekeep-Signature` (`t=…,v1=…`) is
//   the HMAC-SHA256 of `t.body` with the secret, `Timekeep-Event-Id` is the body's `id`. The
//   receiver answered 500, so the admin's Deliveries show it Pending, last answer 500 (the retry
//   is a minute away: not waited for).
// - A second employee's delivery gets 204 and shows Delivered after a refresh; 'Resend' on it
//   sends the same event id again.
// - The admin rotates the secret (a question first): a third employee's delivery verifies with the
//   new secret and not with the old one.
// - No serious accessibility violation on the screen, the add form, the secret's dialog or the
//   deliveries.
// - A manager of the company signs in: no 'Webhooks' in the menu, and typing its address does not
//   open it.
import { expect, test } from '@playwright/test';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';

/**
 * A webhook receiver on 127.0.0.1 (a free port): every request is recorded with its headers and
 * raw body; the first is answered 500, every later one 204.
 */
async function startReceiver() {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.statusCode = received.length === 1 ? 500 : 204;
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    port,
    received,
    /** The requests carrying this event id (`Timekeep-Event-Id`). */
    of: (eventId) => received.filter((r) => r.headers['timekeep-event-id'] === eventId),
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        // The server's client keeps connections alive: end them, or close waits for them.
        server.closeAllConnections();
      }),
  };
}

/** Waits (up to 20 s) until `find` returns something, and returns it. */
async function waitFor(find, what) {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`no ${what} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether a delivery's `Timekeep-Signature` is the HMAC-SHA256 of `t.body` with `secret`, signed within 5 minutes. */
function signedWith(secret, request) {
  const header = String(request.headers['timekeep-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

/** The contract's headers and body of an `employee.added` delivery for `email`; returns the body. */
function expectEmployeeAdded(request, email) {
  expect(request.method).toBe('POST');
  expect(request.url).toBe('/hook');
  expect(request.headers['content-type']).toMatch(/^application\/json/);
  expect(request.headers['user-agent']).toBe('Timekeep-Webhooks/1');
  expect(request.headers['timekeep-event']).toBe('employee.added');
  expect(String(request.headers['timekeep-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  const body = JSON.parse(request.rawBody);
  expect(body.id).toMatch(/^evt_[0-9a-f]{24}$/);
  expect(request.headers['timekeep-event-id']).toBe(body.id);
  expect(body.type).toBe('employee.added');
  expect(body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  expect(body.data?.email).toBe(email);
  return body;
}

/** A manager the admin adds who took the e-mailed invitation and set `PASSWORD`. */
async function invitedManager(request, adminToken) {
  const email = uniqueEmail('webhooks-manager');
  const addedAt = Date.now();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname: uniqueWord(), lastname: uniqueWord(), email, permission: 'manager' } });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: PASSWORD, retypePassword: PASSWORD } });
  return { email, eid: claimsOf(token).eid };
}

/** Adds an employee through the API (as the admin); returns their e-mail address. */
async function addEmployee(request, adminToken, label) {
  const email = uniqueEmail(label);
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname: uniqueWord(), lastname: uniqueWord(), email, permission: 'employee' } });
  return email;
}

test('an admin adds a webhook, deliveries arrive signed and are retried, resent and re-signed after a rotation; a manager never sees the screen', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    const signedUp = await signUpVerifiedByApi(request, 'webhooks-owner', PASSWORD);
    const { token: adminToken } = await loginByApi(request, signedUp.email, PASSWORD);
    // Added before any endpoint exists: no delivery for them.
    const manager = await invitedManager(request, adminToken);
    const hookUrl = `http://127.0.0.1:${receiver.port}/hook`;

    // --- The admin opens Webhooks from the menu.
    const adminContext = await browser.newContext();
    const page = await adminContext.newPage();
    await page.goto('/login');
    await fillLogin(page, signedUp.email, PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/manage\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();

    // --- Adds the receiver for 'Employee added'.
    await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add an endpoint' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('checkbox')).toHaveCount(10);
    expect(await seriousViolations(page), 'the add form').toEqual([]);
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(hookUrl);
    await form.getByRole('checkbox', { name: 'Employee added', exact: true }).check();
    await form.getByRole('button', { name: 'Add', exact: true }).click();

    const created = page.getByRole('dialog', { name: 'Endpoint added' });
    await expect(created).toBeVisible();
    await expect(created).toContainText('You will not see it again');
    const secret = ((await page.locator('[data-testid=webhook-secret]').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await expect(created.getByRole('button', { name: 'Copy the secret' })).toBeVisible();
    expect(await seriousViolations(page), "the secret's dialog").toEqual([]);
    await screenshot(page, '56-webhook-secret');
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();
    await expect(page.locator('[data-testid=webhook-secret]')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    const row = page.getByTestId('webhook-endpoint').filter({ has: page.getByTestId('webhook-url').getByText(hookUrl, { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('webhook-events')).toHaveText('Employee added');
    await expect(row.getByTestId('webhook-active')).toHaveText('On');

    // --- An employee is added: the receiver gets it, signed; it answered 500.
    const firstEmail = await addEmployee(request, adminToken, 'webhooks-first');
    const first = await waitFor(() => receiver.received[0], 'first delivery');
    const firstBody = expectEmployeeAdded(first, firstEmail);
    expect(signedWith(secret, first), first.headers['timekeep-signature']).toBe(true);

    // The admin's Deliveries: Pending, the last attempt got 500 (the retry is a minute away).
    await row.getByRole('button', { name: `Deliveries of ${hookUrl}` }).click();
    const panel = page.getByRole('region', { name: `Deliveries to ${hookUrl}` });
    await expect(panel).toBeVisible();
    const deliveryRow = (eventId) => panel.locator(`[data-testid=webhook-delivery][data-event-id="${eventId}"]`);
    const refresh = () => panel.getByRole('button', { name: 'Refresh', exact: true }).click();
    const firstRow = deliveryRow(firstBody.id);
    await expect(async () => {
      await refresh();
      await expect(firstRow.getByTestId('webhook-delivery-last')).toContainText('500', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(firstRow.getByTestId('webhook-delivery-status')).toHaveText('Pending');
    await expect(firstRow.getByTestId('webhook-delivery-attempts')).toHaveText('1');
    await expect(firstRow.getByTestId('webhook-delivery-event')).toHaveText('Employee added');
    await expect(firstRow.getByTestId('webhook-delivery-event-id')).toHaveText(firstBody.id);
    await expect(firstRow.getByTestId('webhook-delivery-created')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
    await expect(firstRow.getByTestId('webhook-delivery-next')).toContainText('Next try');
    // Still being tried: it cannot be sent again.
    await expect(firstRow.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
    // Its payload, on demand: the body as sent.
    await firstRow.getByRole('button', { name: 'Payload', exact: true }).click();
    await expect(panel.getByTestId('webhook-delivery-payload')).toContainText(`"id": "${firstBody.id}"`);
    await expect(panel.getByTestId('webhook-delivery-payload')).toContainText(`"email": "${firstEmail}"`);
    await firstRow.getByRole('button', { name: 'Hide payload', exact: true }).click();

    // --- A second employee: delivered (204), Delivered after a refresh.
    const secondEmail = await addEmployee(request, adminToken, 'webhooks-second');
    const second = await waitFor(() => receiver.received.find((r) => r !== first && JSON.parse(r.rawBody).data?.email === secondEmail), 'second delivery');
    const secondBody = expectEmployeeAdded(second, secondEmail);
    expect(secondBody.id).not.toBe(firstBody.id);
    expect(signedWith(secret, second)).toBe(true);
    const secondRow = deliveryRow(secondBody.id);
    await expect(async () => {
      await refresh();
      await expect(secondRow.getByTestId('webhook-delivery-status')).toHaveText('Delivered', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(secondRow.getByTestId('webhook-delivery-last')).toHaveText('204');
    await expect(secondRow.getByTestId('webhook-delivery-attempts')).toHaveText('1');
    // The first is still waiting for its retry.
    await expect(firstRow.getByTestId('webhook-delivery-status')).toHaveText('Pending');
    expect(await seriousViolations(page), 'the deliveries').toEqual([]);
    await screenshot(page, '56-webhook-deliveries');

    // --- Resend the delivered one: the same event id arrives again, signed.
    expect(receiver.of(secondBody.id)).toHaveLength(1);
    await secondRow.getByRole('button', { name: `Resend ${secondBody.id}` }).click();
    await expect(panel.getByRole('status')).toHaveText(`${secondBody.id} is being sent again.`);
    const resent = await waitFor(() => receiver.of(secondBody.id)[1], 'resent delivery');
    expect(resent.rawBody).toBe(second.rawBody);
    expect(signedWith(secret, resent)).toBe(true);
    await expect(async () => {
      await refresh();
      await expect(secondRow.getByTestId('webhook-delivery-status')).toHaveText('Delivered', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // --- Rotate the secret, after the question.
    await row.getByRole('button', { name: `Rotate secret of ${hookUrl}` }).click();
    const question = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Rotate secret', exact: true }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    await expect(rotated).toBeVisible();
    await expect(rotated).toContainText('You will not see it again');
    const newSecret = ((await page.locator('[data-testid=webhook-secret]').textContent()) ?? '').trim();
    expect(newSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(rotated).toBeHidden();

    // A third employee's delivery is signed with the new secret, not the old.
    const thirdEmail = await addEmployee(request, adminToken, 'webhooks-third');
    const third = await waitFor(() => receiver.received.find((r) => JSON.parse(r.rawBody).data?.email === thirdEmail), 'third delivery');
    expectEmployeeAdded(third, thirdEmail);
    expect(signedWith(newSecret, third)).toBe(true);
    expect(signedWith(secret, third)).toBe(false);

    // After a reload: the endpoint is there, on; no secret on the page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(row.getByTestId('webhook-active')).toHaveText('On');
    expect(await page.content()).not.toContain(newSecret);
    expect(await seriousViolations(page), 'the webhooks').toEqual([]);
    await screenshot(page, '56-webhooks');
    await adminContext.close();

    // --- A manager: no Webhooks in the menu, and the address does not open it.
    const managerContext = await browser.newContext();
    const managerPage = await managerContext.newPage();
    await managerPage.goto('/login');
    await fillLogin(managerPage, manager.email, PASSWORD);
    await expect(managerPage).toHaveURL(/\/admin\/dashboard$/);
    const managerNav = managerPage.getByRole('navigation', { name: 'Main menu' });
    await expect(managerNav.getByRole('link', { name: 'Audit Trail', exact: true })).toBeVisible();
    await expect(managerNav.getByRole('link', { name: 'Webhooks', exact: true })).toHaveCount(0);
    await managerPage.goto('/admin/manage/webhooks');
    await expect(managerPage).not.toHaveURL(/\/admin\/manage\/webhooks$/);
    await expect(managerPage.getByRole('heading', { level: 1, name: 'Webhooks' })).toHaveCount(0);
    await managerContext.close();
  } finally {
    await receiver.close();
  }
});
