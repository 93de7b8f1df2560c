// Journey 2: a demo employee logs in and lands on the clock screen.
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectShell, fillLogin, screenshot } from '../support/journey.mjs';

test('a demo employee logs in and lands on /clockin', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO.employee(1), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);
  await expect(page.getByTestId('greeting')).toBeVisible();
  const greeting = await page.getByTestId('greeting').textContent();
  await expectShell(page, greeting?.split(', ')[1] ?? '');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Clock' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // An employee has no admin screens: the guard sends them to log in as someone who has.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
  await page.goto('/clockin');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await screenshot(page, '02-employee-login');

  // The avatar menu logs out, and the clock screen is then closed.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/clockin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fclockin$/);
});
