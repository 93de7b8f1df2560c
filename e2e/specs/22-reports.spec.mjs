// Journey 22: reports (issue 21). An admin runs the summary report for last month on
// /admin/reports, sorts it, reads the totals the server computed, and downloads it as XLSX and
// the payroll file of the last closed pay period. axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot } from '../support/journey.mjs';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

test('an admin runs the summary report for a month and downloads it as XLSX', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await loginByApi(request, DEMO.admin);
  const today = (await apiCall(request, token, 'GET', '/pto/data')).today;
  const [year, month] = today.split('-').map(Number);
  // Last month, by its first and last day.
  const first = new Date(Date.UTC(month === 1 ? year - 1 : year, (month + 10) % 12, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  const iso = (d) => d.toISOString().slice(0, 10);
  const label = (d) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

  // Hours worked last month: Ava three days, Olivia half a day (the demo's clock history is recent).
  const people = await apiCall(request, token, 'GET', '/report/data');
  const idOf = (first) => people.employees.find((person) => person.firstname === first).id;
  const dayOfLast = (n) => iso(new Date(first.getTime() + (n - 1) * 86_400_000));
  // From 16:00, after the hours journey 11 gives Ava at random (08:00 to 16:00): never overlapping.
  for (const [who, day, end] of [['Ava', 2, `${dayOfLast(3)} 00:00:00`], ['Ava', 3, `${dayOfLast(4)} 00:00:00`], ['Ava', 6, `${dayOfLast(7)} 00:00:00`], ['Olivia', 2, `${dayOfLast(2)} 20:00:00`]]) {
    await apiCall(request, token, 'POST', '/timesheet/edit', { data: { employeeId: idOf(who), start: `${dayOfLast(day)} 16:00:00`, end } });
  }

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('combobox', { name: 'Report type' })).toHaveValue('Summary');
  await page.getByRole('button', { name: 'Date range' }).click();
  for (let step = 0; step < 3 && !(await page.getByRole('button', { name: label(first), exact: true }).isVisible()); step += 1) {
    await page.locator('button[data-direction="previous"]').click();
  }
  await page.getByRole('button', { name: label(first), exact: true }).click();
  await page.getByRole('button', { name: label(last), exact: true }).click();
  await page.getByRole('button', { name: 'Run report' }).click();

  const report = page.getByRole('region', { name: 'Report' });
  const totalRow = report.getByRole('row').filter({ hasText: 'Total' }).last();
  await expect(totalRow).toBeVisible();
  const expected = await apiCall(request, token, 'GET', '/report/summary-report-data', { params: { type: 'summary', start: iso(first), end: iso(last) } });
  expect(expected.rows.length).toBeGreaterThan(0);
  await expect(totalRow).toContainText(expected.totals.subtotalHours.toFixed(2));
  // Sorting by subtotal, twice: largest first.
  await report.getByRole('button', { name: /Subtotal/ }).click();
  await report.getByRole('button', { name: /Subtotal/ }).click();
  // Ava has at least this journey's 24 hours (earlier journeys may have given her more); the
  // row sorted first is whoever has the most.
  const ava = expected.rows.find((row) => row.firstname === 'Ava');
  expect(ava.regularHours + ava.overtimeHours).toBeGreaterThanOrEqual(24);
  const top = [...expected.rows].sort((a, b) => b.subtotalHours - a.subtotalHours)[0];
  expect(top.subtotalHours).toBeGreaterThan([...expected.rows].sort((a, b) => b.subtotalHours - a.subtotalHours)[1].subtotalHours);
  await expect(report.getByRole('row').nth(1)).toContainText(`${top.firstname} ${top.lastname}`);
  await expect(report.getByRole('row').nth(1)).toContainText(top.subtotalHours.toFixed(2));
  expect(await seriousViolations(page), 'the reports screen').toEqual([]);
  await screenshot(page, '22-reports');

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`timekeep-summary-${iso(first)}-${iso(last)}.xlsx`);
  const bytes = readFileSync(await xlsx.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  const [payroll] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download payroll file \(/ }).click()]);
  expect(payroll.suggestedFilename()).toMatch(/^timekeep-payroll-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await payroll.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('Regular Hours,Overtime Hours,Double Time Hours,Holiday Hours');
});
