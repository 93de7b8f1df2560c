// Journey 50 (issue 40): an admin closes an ended pay period for payroll, and reopens it with a reason.
//
// - In a company of its own (weekly pay periods, the default), the admin adds an 8-hour shift for an
//   employee (API) in the last pay period that has ended.
// - Reports → Payroll file: the admin picks that period; it shows 'Open' with 'Close period'. The
//   confirmation says its hours can no longer change and its file is kept as it is; once closed it
//   shows 'Closed' by the admin on today's date, the picker marks it '(closed)', its history has
//   the close, and its payroll file ends with the 'Adjustment' column (empty on a normal row).
// - Adding another shift in that period (API) is refused: 409 `period_closed`, saying which period
//   and how to reopen it.
// - 'Reopen' wants a reason ('Please say why the pay period is reopened' when empty); with one the
//   period is 'Open' again and its history has the reopening with who and why. The same shift can
//   then be added. axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const REASON = 'Wednesday shift was missing from the paper timesheet';
const slash = (iso) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const range = (period) => `${slash(period.start)} – ${slash(period.end)}`;
const addDays = (iso, days) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('an admin closes an ended pay period for payroll, changes in it are refused, and it is reopened with a reason', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await signUpVerifiedByApi(request, 'locked-owner', PASSWORD);
  const employee = await invitedEmployee(request, admin.email, 'locked-employee', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);

  // The last pay period that has ended, as the server knows it (its zone, its pay cycle).
  const { payPeriods } = await apiCall(request, token, 'GET', '/report/pay-periods');
  const period = payPeriods.find((p) => p.closed);
  expect(period, JSON.stringify(payPeriods)).toBeTruthy();
  expect(period).toMatchObject({ locked: false, lockedBy: null });
  const tuesday = addDays(period.start, 2);
  const wednesday = addDays(period.start, 3);
  expect(wednesday <= period.end).toBe(true);
  await apiCall(request, token, 'POST', '/timesheet/edit', { data: { employeeId: employee.eid, start: `${tuesday} 09:00:00`, end: `${tuesday} 17:00:00` } });

  await page.goto('/login');
  await fillLogin(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);

  // --- The payroll file's period: picked, open, and closable.
  const payroll = page.getByRole('group', { name: 'Payroll file' });
  const picker = page.getByRole('combobox', { name: 'Payroll pay period' });
  await picker.click();
  await page.getByRole('option', { name: range(period), exact: true }).click();
  await expect(picker).toHaveValue(range(period));
  const status = payroll.getByTestId('period-status');
  await expect(status).toContainText('Open');
  await expect(payroll.getByTestId('reopen-period')).toHaveCount(0);

  // --- Closed, after the question says what it means.
  await payroll.getByTestId('close-period').click();
  const question = page.getByRole('dialog', { name: `Close the pay period ${range(period)}?` });
  await expect(question).toContainText('can no longer change');
  await expect(question).toContainText('payroll file is kept as it is now');
  await question.getByTestId('confirm-close').click();
  await expect(question).toHaveCount(0);
  const today = (await apiCall(request, token, 'GET', '/pto/data')).today;
  await expect(status).toContainText('Closed');
  await expect(status).toContainText(`by ${admin.firstname}`);
  await expect(status).toContainText(`on ${slash(today)}`);
  await expect(payroll.getByTestId('close-period')).toHaveCount(0);
  await expect(payroll.getByTestId('reopen-period')).toBeVisible();
  await expect(picker).toHaveValue(`${range(period)} (closed)`);
  const history = payroll.getByTestId('period-history');
  await expect(history.getByRole('row').filter({ hasText: 'Closed' })).toContainText(admin.firstname);
  const locked = (await apiCall(request, token, 'GET', '/report/pay-periods')).payPeriods.find((p) => p.start === period.start);
  expect(locked).toMatchObject({ locked: true, lateChanges: false });
  expect(locked.lockedBy).toContain(admin.firstname);
  expect(await seriousViolations(page), 'the reports screen with a closed pay period').toEqual([]);
  await screenshot(page, '50-period-closed');

  // The closed period's payroll file: the shift, and the last column for late changes.
  const download = payroll.getByRole('button', { name: `Download payroll file (${range(period)})` });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const lines = readFileSync(await file.path(), 'utf8').trim().split(/\r?\n/);
  const header = lines[0].split(',');
  expect(header.at(-1)).toBe('Adjustment');
  const row = lines.slice(1).map((text) => text.split(',')).find((cells) => cells[header.indexOf('Email')] === employee.email);
  expect(row, lines.join('\n')).toBeTruthy();
  expect(row[header.indexOf('Regular Hours')]).toBe('8.00');
  expect(row[header.indexOf('Adjustment')]).toBe('');

  // --- A change in the closed period is refused, saying which period and how to reopen it.
  const shift = { employeeId: employee.eid, start: `${wednesday} 09:00:00`, end: `${wednesday} 13:00:00` };
  const refused = await apiCall(request, token, 'POST', '/timesheet/edit', { data: shift, status: 409 });
  expect(refused.code).toBe('period_closed');
  expect(refused.message).toContain(`The pay period ${slash(period.start)}–${slash(period.end)} is closed for payroll`);

  // --- Reopened, with a reason.
  await payroll.getByTestId('reopen-period').click();
  const reopen = page.getByRole('dialog', { name: `Reopen the pay period ${range(period)}` });
  await reopen.getByTestId('confirm-reopen').click();
  await expect(reopen.getByText('Please say why the pay period is reopened')).toBeVisible();
  await expect(status).toContainText('Closed');
  await reopen.getByTestId('reopen-reason').fill(REASON);
  await reopen.getByTestId('confirm-reopen').click();
  await expect(reopen).toHaveCount(0);
  await expect(status).toContainText('Open');
  await expect(payroll.getByTestId('close-period')).toBeVisible();
  await expect(picker).toHaveValue(range(period));
  const reopened = history.getByRole('row').filter({ hasText: 'Reopened' });
  await expect(reopened).toContainText(REASON);
  await expect(reopened).toContainText(admin.firstname);
  await expect(history.getByRole('row').filter({ hasText: 'Closed' })).toHaveCount(1);
  await screenshot(page, '50-period-reopened');

  // Open again: the same change goes through.
  await apiCall(request, token, 'POST', '/timesheet/edit', { data: shift });
  const open = (await apiCall(request, token, 'GET', '/report/pay-periods')).payPeriods.find((p) => p.start === period.start);
  expect(open).toMatchObject({ locked: false, lockedBy: null });
});
