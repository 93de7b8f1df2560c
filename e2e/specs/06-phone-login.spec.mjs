// Journey 6: the same login on a 375x812 phone; the side bar gives way to the page content.
import { expect, test } from '@playwright/test';
import { claimsOf, DEMO, DEMO_PASSWORD, expectShell, fillLogin, screenshot, tokenOf } from '../support/journey.mjs';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('a manager logs in on a phone', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log In' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await fillLogin(page, DEMO.manager, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, claimsOf(await tokenOf(page)).firstname);

  // The header names the page where a desktop greets (a phone cut the greeting short).
  await expect(page.getByTestId('account-menu')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('page-name')).toHaveText('Dashboard');
  await expect(page.getByTestId('page-name')).toBeInViewport({ ratio: 1 });

  const sideBar = page.getByTestId('side-bar');
  await expect(sideBar).not.toBeInViewport();
  await page.getByTestId('side-bar-toggle').click();
  await expect(sideBar).toBeInViewport();
  await expect(sideBar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.getByTestId('side-bar-toggle').click();
  await expect(sideBar).not.toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, '06-phone-login');
});
