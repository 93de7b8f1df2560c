// Journey 5: reset a password through the e-mailed link and log in with the new one.
import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mail.mjs';
import { dataDir, expectShell, field, fillLogin, screenshot, signUpByApi, uniqueEmail } from '../support/journey.mjs';

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const signedUpAt = Date.now();
  await signUpByApi(request, { email, firstname: 'Rosa' });
  const verify = new URL(await waitForMailLink(dataDir(), { to: email, pathPart: '/verify-email?', since: signedUpAt }));
  const verified = await request.post('/server/v1/account/verify-email', {
    data: { token: verify.searchParams.get('token'), me: verify.searchParams.get('me') },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const requestedAt = Date.now();
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for this email, we have sent a link to reset its password.')).toBeVisible();

  const link = new URL(await waitForMailLink(dataDir(), { to: email, pathPart: '/reset-password-now?', since: requestedAt }));
  await page.goto(`${link.pathname}${link.search}`);
  const newPassword = 'brand-new-secret';
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Retype password').fill('not the same');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password and retype password should be identical')).toBeVisible();
  await field(page, 'Retype password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, email, 'journey-secret-42');
  await expect(page.getByTestId('form-error')).toContainText('Incorrect email or password.');
  await fillLogin(page, email, newPassword);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, 'Rosa');
  await screenshot(page, '05-reset-password');
});
