// Journey 37 (issue 36): a new company's guided start. Its admin finds the checklist on the
// dashboard, adds the US federal holidays from it in one click, follows a link to a step, and
// sees the steps tick themselves as the company takes shape; hiding it keeps it hidden.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, loginByApi, screenshot, signUpVerifiedByApi } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';

test('a new admin is led through the first steps, each ticking itself', async ({ page, request }) => {
  const admin = await signUpVerifiedByApi(request, 'guided-owner', PASSWORD);
  await page.goto('/login');
  await fillLogin(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const card = page.getByTestId('setup-checklist');
  await expect(card.getByTestId('setup-progress')).toHaveText('0 of 7 done');
  const serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '37-guided-start');

  // Holidays in one click.
  await card.getByRole('button', { name: 'Add the US federal holidays' }).click();
  await expect(card.getByTestId('setup-holidays')).toHaveAttribute('data-done', 'true');
  await expect(card.getByTestId('setup-progress')).toHaveText('1 of 7 done');

  // A step's link leads to its screen; done there, it is ticked back on the dashboard.
  await card.getByRole('link', { name: 'Add job roles' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/settings\?tab=4$/);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  await apiCall(request, token, 'POST', '/settings/update-role-type', { data: { name: 'Producer' } });
  await apiCall(request, token, 'POST', '/settings/update', { data: { payCycle: 'biweekly' } });
  await page.goto('/admin/dashboard');
  await expect(card.getByTestId('setup-jobRoles')).toHaveAttribute('data-done', 'true');
  await expect(card.getByTestId('setup-payPeriod')).toHaveAttribute('data-done', 'true');
  await expect(card.getByTestId('setup-progress')).toHaveText('3 of 7 done');

  // Hidden, it stays hidden.
  await card.getByRole('button', { name: 'Hide this list' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('setup-checklist')).toHaveCount(0);
});
