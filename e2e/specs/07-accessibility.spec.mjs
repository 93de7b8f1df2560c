// The public pages have no serious or critical axe violations, a language and a title.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, field, fillLogin } from '../support/journey.mjs';

const PAGES = [
  ['landing', '/'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['reset-password', '/reset-password'],
];

/** Serious and critical violations, one line each. */
async function seriousViolations(page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const [name, path] of PAGES) {
  test(`${name} page is accessible`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.title()).toMatch(/Timekeep/);
    const serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
  });
}

test('login form errors are announced and tied to their fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Please input the Email')).toBeVisible();
  await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
  const serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
});

test('the signed-in shell and the password screen are accessible', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('greeting')).toBeVisible();
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);

  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);

  await page.getByRole('menuitem', { name: /^(Change|Create) Password$/ }).click();
  await expect(page).toHaveURL(/\/change-my-password$/);
  await page.getByRole('button', { name: /^(Change|Create) Password$/ }).click();
  await expect(page.getByText('Please input the New Password')).toBeVisible();
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
});
