// Journey 53 (issue 43): two-factor sign-in (docs/contracts/two-factor.md).
//
// - In a company of its own, the owner admin signs in, opens My Profile and sets up two-factor
//   sign-in: reads the secret key shown on the page, computes the authenticator's code with
//   `otpauth` (an independent TOTP library: SHA-1, 30 s, 6 digits), turns it on and sees ten
//   recovery codes.
// - Signed out and in again with the password, the admin is asked for the authentication code; a
//   wrong one is refused on the field, a computed one enters the app.
// - A recovery code works once: signing in with it succeeds; the same code again is refused with
//   'This recovery code is not correct or was already used.'; another one enters.
// - The admin turns on 'Admins and managers must use two-factor sign-in' in My Company → Security.
//   A manager of the company (added through the API before) signs in with the password, is shown
//   'Set up two-factor sign-in', reads the secret key, enters a computed code, sees the recovery
//   codes, clicks 'I have saved these codes' and lands in the app; My Profile offers them no
//   'Turn off'.
//
// A code is refused when its 30 s step (or an earlier one) was used already: a second sign-in
// with a code waits for the next step (`codeAfter`).
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import {
  apiCall,
  dataDir,
  expectShell,
  fillLogin,
  loginByApi,
  logOut,
  screenshot,
  signUpVerifiedByApi,
  tokenOf,
  uniqueEmail,
  uniqueWord,
} from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const PERIOD_MS = 30_000;
const REQUIRED_SWITCH = 'Admins and managers must use two-factor sign-in';

const totp = (secret) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/**
 * The authenticator's code of a 30 s step after `usedStep` (the step of the last code this account
 * used), waiting for the next step when this one is used. Returns `{ code, step }`.
 */
async function codeAfter(secret, usedStep = -1) {
  let step = Math.floor(Date.now() / PERIOD_MS);
  if (step <= usedStep) {
    await new Promise((resolve) => setTimeout(resolve, (usedStep + 1) * PERIOD_MS - Date.now() + 500));
    step = Math.floor(Date.now() / PERIOD_MS);
  }
  return { code: totp(secret).generate({ timestamp: step * PERIOD_MS }), step };
}

/** Six digits that are no code of the steps around now (the server accepts one step either side). */
function wrongCode(secret) {
  const now = Math.floor(Date.now() / PERIOD_MS);
  const valid = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret).generate({ timestamp: (now + d) * PERIOD_MS })));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** A manager the admin adds who took the e-mailed invitation and set `PASSWORD` (API). */
async function invitedManager(request, adminToken) {
  const email = uniqueEmail('twofactor-manager');
  const firstname = uniqueWord();
  const addedAt = Date.now();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname: uniqueWord(), email, permission: 'manager' } });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: PASSWORD, retypePassword: PASSWORD } });
  return { email, firstname };
}

/** The login's two-factor step after the password. */
const twoFactorStep = (page) => page.getByTestId('two-factor-step');

test('an admin turns on two-factor sign-in, signs in with a code and a recovery code, and requires it of a manager, who sets it up at sign-in', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const owner = await signUpVerifiedByApi(request, 'twofactor-owner', PASSWORD);
  const { token: ownerToken } = await loginByApi(request, owner.email, PASSWORD);
  const manager = await invitedManager(request, ownerToken);

  // --- (1) The admin sets up two-factor sign-in in My Profile.
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await page.goto('/login');
  await fillLogin(page, owner.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, owner.firstname);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);

  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(card.getByTestId('two-factor-state')).toHaveText('Off');
  await card.getByRole('button', { name: 'Set up', exact: true }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await card.getByRole('textbox', { name: 'Secret key' }).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  expect(await seriousViolations(page), 'My Profile: setting up two-factor sign-in').toEqual([]);

  const enabling = await codeAfter(secret);
  let usedStep = enabling.step;
  await card.getByRole('textbox', { name: 'Authentication code' }).fill(enabling.code);
  const enabled = page.waitForResponse((res) => res.url().endsWith('/server/v1/account/two-factor/enable'));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  expect((await enabled).status()).toBe(200);
  const shownCodes = card.getByTestId('recovery-code');
  await expect(shownCodes).toHaveCount(10);
  const recoveryCodes = (await shownCodes.allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[^\s-]{5}-[^\s-]{5}$/);
  expect(new Set(recoveryCodes).size).toBe(10);
  expect(await seriousViolations(page), 'My Profile: the recovery codes').toEqual([]);
  await screenshot(page, '53-recovery-codes');
  await card.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(card.getByText('Two-factor sign-in is on.')).toBeVisible();
  await expect(card.getByTestId('two-factor-state')).toHaveText('On');
  await expect(card).toContainText('Recovery codes left: 10.');
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();
  const status = await apiCall(request, await tokenOf(page), 'GET', '/account/two-factor');
  expect(status).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });

  // --- (2) Signed out and in again: the password, then the authentication code.
  await logOut(page);
  await fillLogin(page, owner.email, PASSWORD);
  const step = twoFactorStep(page);
  await expect(step.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const codeField = step.getByRole('textbox', { name: 'Authentication code' });
  await expect(codeField).toBeFocused();
  expect(await seriousViolations(page), 'the two-factor step of the login').toEqual([]);
  await codeField.fill(wrongCode(secret));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('The code is not correct.')).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');

  const signingIn = await codeAfter(secret, usedStep);
  usedStep = signingIn.step;
  await codeField.fill(signingIn.code);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, owner.firstname);

  // --- (3) A recovery code works once.
  await logOut(page);
  await fillLogin(page, owner.email, PASSWORD);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  const recoveryField = step.getByRole('textbox', { name: 'Recovery code' });
  await expect(recoveryField).toBeFocused();
  await expect(step.getByRole('textbox', { name: 'Authentication code' })).toHaveCount(0);
  await recoveryField.fill(recoveryCodes[0]);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, owner.firstname);

  await logOut(page);
  await fillLogin(page, owner.email, PASSWORD);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await recoveryField.fill(recoveryCodes[0]);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('This recovery code is not correct or was already used.')).toBeVisible();
  await expect(recoveryField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login/);
  // Another one (typed in capitals, without the dash: neither matters) enters.
  await recoveryField.fill(recoveryCodes[1].replace('-', '').toUpperCase());
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, owner.firstname);
  expect(await apiCall(request, await tokenOf(page), 'GET', '/account/two-factor')).toMatchObject({ enabled: true, recoveryCodesLeft: 8 });

  // --- (4) The company requires two-factor sign-in of admins and managers.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Company', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/company-profile$/);
  const security = page.getByRole('region', { name: 'Security' });
  const requiredSwitch = security.getByRole('switch', { name: REQUIRED_SWITCH });
  await expect(requiredSwitch).not.toBeChecked();
  const saved = page.waitForResponse((res) => res.url().endsWith('/server/v1/company/security') && res.request().method() === 'POST');
  await requiredSwitch.click();
  expect((await saved).status()).toBe(200);
  await expect(requiredSwitch).toBeChecked();
  await expect(security.getByText('Admins and managers now sign in with two-factor sign-in.')).toBeVisible();
  expect(await seriousViolations(page), 'My Company: Security').toEqual([]);
  expect(await apiCall(request, ownerToken, 'GET', '/company/security')).toEqual({ twoFactorRequired: true });
  // Kept after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Security' }).getByRole('switch', { name: REQUIRED_SWITCH })).toBeChecked();
  await adminContext.close();

  // The manager signs in with the password and must set it up first.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await managerPage.goto('/login');
  await fillLogin(managerPage, manager.email, PASSWORD);
  const enrol = twoFactorStep(managerPage);
  await expect(enrol.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(enrol.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const managerSecret = await enrol.getByRole('textbox', { name: 'Secret key' }).inputValue();
  expect(managerSecret).toMatch(/^[A-Z2-7]+=*$/);
  expect(managerSecret).not.toBe(secret);
  expect(await seriousViolations(managerPage), 'setting up two-factor sign-in at the login').toEqual([]);
  await enrol.getByRole('textbox', { name: 'Authentication code' }).fill((await codeAfter(managerSecret)).code);
  await enrol.getByRole('button', { name: 'Turn on and sign in' }).click();
  const managerCodes = enrol.getByTestId('recovery-code');
  await expect(managerCodes).toHaveCount(10);
  // Not in the app before the codes are saved.
  await expect(managerPage).toHaveURL(/\/login/);
  expect(await seriousViolations(managerPage), 'the recovery codes at the login').toEqual([]);
  await screenshot(managerPage, '53-manager-recovery-codes');
  await enrol.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(managerPage).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(managerPage, manager.firstname);
  expect(await apiCall(request, await tokenOf(managerPage), 'GET', '/account/two-factor')).toMatchObject({
    enabled: true,
    required: true,
    recoveryCodesLeft: 10,
  });

  // Required: My Profile offers no 'Turn off'.
  await managerPage.goto('/my-profile');
  const managerCard = managerPage.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(managerCard.getByTestId('two-factor-state')).toHaveText('On');
  await expect(managerCard.getByText('Two-factor sign-in is required for your role, so it cannot be turned off.')).toBeVisible();
  await expect(managerCard.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
  await expect(managerCard.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await screenshot(managerPage, '53-manager-profile');
  await managerContext.close();
});
