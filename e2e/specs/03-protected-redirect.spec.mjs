// Journey 3: a protected URL while signed out -> /login?redirect=... -> log in -> back to it.
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, field, fillLogin, screenshot } from '../support/journey.mjs';

test('a protected screen asks to log in first and then opens', async ({ page }) => {
  await page.goto('/change-my-password');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fchange-my-password$/);
  await fillLogin(page, DEMO.employee(2), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/change-my-password$/);
  await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
  await expect(field(page, 'Old Password')).toBeVisible();
  await screenshot(page, '03-protected-redirect');
});
