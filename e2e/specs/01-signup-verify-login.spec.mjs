// Journey 1: sign up -> activation mail -> verify -> log in -> the admin dashboard's shell.
import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mail.mjs';
import { dataDir, expectShell, field, fillLogin, screenshot, uniqueEmail } from '../support/journey.mjs';

test('a new company signs up, verifies its e-mail and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'journey-secret-42';
  const since = Date.now();

  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);

  await field(page, 'Company').fill('Journey Insurance');
  await field(page, 'First name').fill('Grace');
  await field(page, 'Last name').fill('Hopper');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(
    page.getByText(`Thanks for signing up! We have sent an activation email to ${email}. Please follow the link in it to activate your account.`),
  ).toBeVisible();

  const link = await waitForMailLink(dataDir(), { to: email, pathPart: '/verify-email?', since });
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText('Your email is validated. You can now login. Thank you!')).toBeVisible();
  // After 3 seconds the page goes to /login by itself.
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, 'Grace');
  await expect(page.getByTestId('company-name')).toHaveText('Journey Insurance');
  await expect(page).toHaveTitle('Dashboard | Timekeep');
  await screenshot(page, '01-signup-verify-login');
});
