// Journey 36: report presets and the payroll file's pay period (issue 36). An admin sets the
// report's range with 'Last month' and 'Last pay period', runs it, then picks a pay period for the
// payroll file: the button names it, and the downloaded file is exactly that period. axe finds
// nothing serious.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot } from '../support/journey.mjs';

const slash = (iso) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const range = (start, end) => `${slash(start)} – ${slash(end)}`;

test('an admin reports on last month and downloads the payroll file of a chosen pay period', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await loginByApi(request, DEMO.admin);
  // The company's today and pay periods, as the server knows them (its zone, its pay cycle).
  const today = (await apiCall(request, token, 'GET', '/pto/data')).today;
  const { payPeriods } = await apiCall(request, token, 'GET', '/report/pay-periods');
  const [current, lastClosed, older] = payPeriods;
  expect(current.closed).toBe(false);
  expect(lastClosed.closed).toBe(true);
  const [year, month] = today.split('-').map(Number);
  const iso = (d) => d.toISOString().slice(0, 10);
  const lastMonth = [iso(new Date(Date.UTC(year, month - 2, 1))), iso(new Date(Date.UTC(year, month - 1, 0)))];

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/admin\/reports$/);

  // The range starts as this pay period; the quick ranges move it.
  const dates = page.getByRole('button', { name: 'Date range' });
  const quick = page.getByRole('group', { name: 'Quick date ranges' });
  await expect(dates).toHaveText(range(current.start, current.end));
  await expect(quick.getByRole('button', { name: 'This pay period' })).toHaveAttribute('aria-pressed', 'true');
  await quick.getByRole('button', { name: 'Last pay period' }).click();
  await expect(dates).toHaveText(range(lastClosed.start, lastClosed.end));
  await quick.getByRole('button', { name: 'Last month' }).click();
  await expect(dates).toHaveText(range(...lastMonth));
  await expect(quick.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Run report' }).click();
  const report = page.getByRole('region', { name: 'Report' });
  await expect(report.getByTestId('filter-summary')).toContainText(`Summary report · ${range(...lastMonth)} · Everyone`);
  await expect(report.getByRole('row').filter({ hasText: 'Total' }).last()).toBeVisible();

  // The payroll file: the last closed period until another is picked, named on the button.
  const picker = page.getByRole('combobox', { name: 'Payroll pay period' });
  await expect(picker).toHaveValue(range(lastClosed.start, lastClosed.end));
  await expect(page.getByRole('button', { name: `Download payroll file (${range(lastClosed.start, lastClosed.end)})` })).toBeVisible();
  await picker.click();
  await page.getByRole('option', { name: range(older.start, older.end), exact: true }).click();
  const button = page.getByRole('button', { name: `Download payroll file (${range(older.start, older.end)})` });
  await expect(button).toBeVisible();
  expect(await seriousViolations(page), 'the reports screen').toEqual([]);
  await screenshot(page, '36-report-presets');

  const [payroll] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(payroll.suggestedFilename()).toBe(`timekeep-payroll-${older.start}-${older.end}.csv`);
  const lines = readFileSync(await payroll.path(), 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const [startColumn, endColumn] = [header.indexOf('Pay Period Start'), header.indexOf('Pay Period End')];
  expect(startColumn).toBeGreaterThan(0);
  expect(lines.length).toBeGreaterThan(1);
  // Every row is exactly the chosen period (the demo's names hold no commas).
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    expect([cells[startColumn], cells[endColumn]]).toEqual([older.start, older.end]);
  }
});
