// Journey 55 (issue 43): company API keys (docs/contracts/api-keys.md).
//
// - In a company of its own, the owner admin signs in, opens API Keys from the menu and creates a
//   key 'Payroll sync' with the scopes Read people and Read time (no expiry); the dialog shows the
//   secret once (`tk_<8 hex>_<64 hex>`) with 'You will not see it again'; the list shows the key
//   by its prefix, Active, never used.
// - The journey itself calls the API with the key (Node's fetch, `Authorization: Bearer <secret>`):
//   GET /manage/employees answers 200 with the company's people (the admin among them); after a
//   reload the admin sees the key's last use (not 'Never', from 127.0.0.1).
// - A route of a scope the key lacks (GET /pto/balance, Read time off) and a route no key may call
//   (GET /company/profile) both answer 403.
// - The admin revokes the key (a question first): its status reads Revoked, and the next call with
//   it answers 401 'This API key has been revoked.'.
// - No serious accessibility violation on the screen, the create form or the secret's dialog.
// - A manager of the company signs in: no 'API Keys' in the menu (Audit Trail is there), and typing
//   its address does not open it.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const KEY_NAME = 'Payroll sync';

/** A call to `/server/v1{path}` from this process (not the browser), with the key as the bearer. */
async function withKey(secret, path) {
  const res = await fetch(`${process.env.BASE_URL}/server/v1${path}`, { headers: { Authorization: `Bearer ${secret}`, Accept: 'application/json' } });
  const text = await res.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, text };
}

/** A manager the admin adds who took the e-mailed invitation and set `PASSWORD`. */
async function invitedManager(request, adminToken) {
  const email = uniqueEmail('api-keys-manager');
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

test('an admin creates an API key, another system uses it within its scopes, the admin revokes it; a manager never sees the screen', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const signedUp = await signUpVerifiedByApi(request, 'api-keys-owner', PASSWORD);
  const { token: adminToken, claims: adminClaims } = await loginByApi(request, signedUp.email, PASSWORD);
  const manager = await invitedManager(request, adminToken);

  // --- The admin opens API Keys from the menu.
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await page.goto('/login');
  await fillLogin(page, signedUp.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'API Keys', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await expect(page.getByTestId('api-keys-empty')).toBeVisible();

  // --- Creates 'Payroll sync': Read people and Read time, no expiry.
  await page.getByRole('button', { name: 'Create key', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('checkbox')).toHaveCount(6);
  expect(await seriousViolations(page), 'the create form').toEqual([]);
  await form.getByRole('textbox', { name: 'Name' }).fill(KEY_NAME);
  await form.getByRole('checkbox', { name: 'Read people', exact: true }).check();
  await form.getByRole('checkbox', { name: 'Read time', exact: true }).check();
  await form.getByRole('button', { name: 'Create', exact: true }).click();

  const created = page.getByRole('dialog', { name: 'API key created' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('You will not see it again');
  const secret = ((await page.locator('[data-testid=api-key-secret]').textContent()) ?? '').trim();
  expect(secret).toMatch(/^tk_[0-9a-f]{8}_[0-9a-f]{64}$/);
  await expect(created.getByRole('button', { name: 'Copy the secret' })).toBeVisible();
  expect(await seriousViolations(page), "the secret's dialog").toEqual([]);
  await screenshot(page, '55-api-key-secret');
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  await expect(page.locator('[data-testid=api-key-secret]')).toHaveCount(0);

  const row = page.getByTestId('api-key').filter({ has: page.getByTestId('api-key-name').getByText(KEY_NAME, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('api-key-prefix')).toHaveText(secret.slice(0, 11));
  await expect(row.getByTestId('api-key-scopes')).toContainText('Read people');
  await expect(row.getByTestId('api-key-scopes')).toContainText('Read time');
  await expect(row.getByTestId('api-key-created')).toContainText(`${signedUp.firstname} Tester`);
  await expect(row.getByTestId('api-key-expires')).toHaveText('Never');
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
  await expect(row.getByTestId('api-key-status')).toHaveText('Active');
  // The page never holds the secret again.
  expect(await page.content()).not.toContain(secret);

  // --- Another system reads the people with the key.
  const people = await withKey(secret, '/manage/employees');
  expect(people.status, people.text).toBe(200);
  expect(Array.isArray(people.body?.employees), people.text).toBe(true);
  expect(people.body.employees.map((e) => e.email)).toEqual(expect.arrayContaining([signedUp.email, manager.email]));

  // The admin sees its last use after a reload: when, and from where.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');
  await expect(row.getByTestId('api-key-last-used')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
  await expect(row.getByTestId('api-key-last-used')).toContainText('127.0.0.1');
  expect(await seriousViolations(page), 'the API keys').toEqual([]);
  await screenshot(page, '55-api-keys');

  // --- Outside its scopes: a scope it lacks, and a route no key may call.
  const balance = await withKey(secret, `/pto/balance?eid=${adminClaims.eid}`);
  expect(balance.status, balance.text).toBe(403);
  expect(balance.body?.message, balance.text).toBe('This API key does not have the scope "time_off:read" this route needs.');
  const profile = await withKey(secret, '/company/profile');
  expect(profile.status, profile.text).toBe(403);
  expect(profile.body?.message, profile.text).toBe('API keys cannot call this route.');

  // --- The admin revokes it, after the question.
  await row.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
  const question = page.getByRole('dialog', { name: `Revoke ${KEY_NAME}?` });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(row.getByTestId('api-key-status')).toHaveText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${KEY_NAME}` })).toHaveCount(0);
  const refused = await withKey(secret, '/manage/employees');
  expect(refused.status, refused.text).toBe(401);
  expect(refused.body?.message, refused.text).toBe('This API key has been revoked.');
  // Still revoked after a reload.
  await page.reload();
  await expect(row.getByTestId('api-key-status')).toHaveText('Revoked');
  await adminContext.close();

  // --- A manager: no API Keys in the menu, and the address does not open it.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await managerPage.goto('/login');
  await fillLogin(managerPage, manager.email, PASSWORD);
  await expect(managerPage).toHaveURL(/\/admin\/dashboard$/);
  const managerNav = managerPage.getByRole('navigation', { name: 'Main menu' });
  await expect(managerNav.getByRole('link', { name: 'Audit Trail', exact: true })).toBeVisible();
  await expect(managerNav.getByRole('link', { name: 'API Keys', exact: true })).toHaveCount(0);
  await managerPage.goto('/admin/manage/api-keys');
  await expect(managerPage).not.toHaveURL(/\/admin\/manage\/api-keys$/);
  await expect(managerPage.getByRole('heading', { level: 1, name: 'API Keys' })).toHaveCount(0);
  await managerContext.close();
});
