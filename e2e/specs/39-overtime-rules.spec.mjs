// Journey 39 (issue 37): overtime as the law of the place of work. An admin of a new company picks
// California in Settings (its summary and citation shown where it is chosen), from the day of the
// first shift, and turns on the overtime e-mails; a 10-hour day then shows 8 h regular and 2 h
// overtime on the person's timesheet, in the summary report, in the payroll file and in Gusto's
// hours import. A person's own Nevada rules give daily overtime; clocked in for nine hours under
// them, their clock says since when they are in overtime and the admin's dashboard lists them.
// axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const slash = (iso) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The Sunday of last week and its days, as 'YYYY-MM-DD' (New York, the company's zone). */
function lastWeek() {
  const today = new Date(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()) + 'T12:00:00Z');
  const sunday = new Date(today.getTime() - (today.getUTCDay() + 7) * 86_400_000);
  return Array.from({ length: 7 }, (_, i) => new Date(sunday.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Picks `name` in a select. A list opened while the settings screen still draws may close again
 * (it did once under the full suite), so it is opened again until the option can be clicked.
 */
async function choose(page, select, name) {
  const option = page.getByRole('option', { name, exact: true });
  await expect(async () => {
    if (!(await option.isVisible())) await select.click();
    await option.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('an admin switches the company to California; a 10-hour day is 2 h overtime everywhere', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await signUpVerifiedByApi(request, 'overtime-owner', PASSWORD);
  const employee = await invitedEmployee(request, admin.email, 'overtime-employee', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  const days = lastWeek();
  const tuesday = days[2];
  await apiCall(request, token, 'POST', '/timesheet/edit', { data: { employeeId: employee.eid, start: `${tuesday} 08:00:00`, end: `${tuesday} 18:00:00` } });
  // Federal rules until the company chooses: 10 hours in a week are all regular.
  const before = await apiCall(request, token, 'GET', `/timesheet/pay-hours?start=${days[0]}&end=${days[6]}&employeeId=${employee.eid}`);
  expect([before.regularMinutes, before.overtimeMinutes]).toEqual([600, 0]);

  await page.goto('/login');
  await fillLogin(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/settings$/);
  const section = page.getByTestId('overtime-rules');
  await expect(section.getByTestId('overtime-no-versions')).toBeVisible();
  await choose(page, section.getByRole('combobox', { name: 'Overtime rules' }), 'California');
  await expect(section.getByTestId('overtime-citation')).toContainText('Cal. Lab. Code');
  await expect(section.getByTestId('overtime-summary')).toContainText('seventh day');
  await section.getByRole('textbox', { name: 'Applies from' }).fill(slash(tuesday));
  await section.getByRole('button', { name: 'Save overtime rules' }).click();
  await expect(section.getByText('The overtime rules have been saved.')).toBeVisible();
  await expect(section.getByTestId('overtime-version')).toHaveCount(1);
  await expect(section.getByTestId('overtime-version')).toContainText(`From ${slash(tuesday)}: California`);
  // Managers are mailed about overtime once the admin turns it on; saved at once.
  const alerts = section.getByRole('switch', { name: 'E-mail managers when someone is in overtime or will be by their usual end' });
  await expect(alerts).not.toBeChecked();
  await alerts.click();
  await expect(section.getByText('Overtime e-mails are on.')).toBeVisible();
  await expect(alerts).toBeChecked();
  expect((await apiCall(request, token, 'GET', '/settings/data')).settings.overtimeAlertEmails).toBe(true);
  expect(await seriousViolations(page), 'the overtime rules').toEqual([]);
  await screenshot(page, '39-overtime-rules');

  // The person's week.
  await page.goto(`/timesheet/employee/${employee.eid}?start=${days[0]}&end=${days[6]}`);
  await expect(page.getByTestId('week-total')).toHaveText('Total: 10h 00m');
  await expect(page.getByTestId('pay-regular')).toHaveText('8h 00m');
  await expect(page.getByTestId('pay-overtime')).toHaveText('2h 00m');
  await expect(page.getByTestId('pay-double')).toHaveText('0h 00m');
  await expect(page.getByTestId('pay-rules')).toHaveText('California rules');
  await expect(page.getByTestId('pay-day-overtime')).toHaveText('OT 2h 00m');
  expect(await seriousViolations(page), 'the timesheet week').toEqual([]);

  // The summary report of last week (the weekly pay period before this one).
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.getByRole('group', { name: 'Quick date ranges' }).getByRole('button', { name: 'Last pay period' }).click();
  await page.getByRole('button', { name: 'Run report' }).click();
  const row = page.getByTestId('report-row').filter({ hasText: employee.firstname });
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText('8.00');
  await expect(cells.nth(3)).toHaveText('2.00');
  await expect(cells.nth(4)).toHaveText('0.00');

  // The payroll file of that period: separate Overtime and Double Time columns.
  const button = page.getByRole('button', { name: /^Download payroll file/ });
  const [payroll] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const lines = readFileSync(await payroll.path(), 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const line = lines.slice(1).map((text) => text.split(',')).find((cells) => cells[header.indexOf('Email')] === employee.email);
  expect(line, lines.join('\n')).toBeTruthy();
  const cell = (name) => line[header.indexOf(name)];
  expect([cell('Regular Hours'), cell('Overtime Hours'), cell('Double Time Hours'), cell('Total Paid Hours')]).toEqual(['8.00', '2.00', '0.00', '10.00']);

  // The same period in Gusto's hours-import columns.
  const gustoButton = page.getByRole('button', { name: /^Download for Gusto \(/ });
  const [gusto] = await Promise.all([page.waitForEvent('download'), gustoButton.click()]);
  expect(gusto.suggestedFilename()).toMatch(/^timekeep-gusto-hours-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const gustoLines = readFileSync(await gusto.path(), 'utf8').trim().split('\n');
  expect(gustoLines[0]).toBe('last_name,first_name,regular_hours,overtime_hours,double_overtime_hours');
  const gustoLine = gustoLines.slice(1).map((text) => text.split(',')).find((cells) => cells[1] === employee.firstname);
  expect(gustoLine, gustoLines.join('\n')).toBeTruthy();
  expect(gustoLine.slice(2)).toEqual(['8.00', '2.00', '0.00']);
});

test("a person working in Nevada under the wage line gets daily overtime by their own rules", async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await signUpVerifiedByApi(request, 'nevada-owner', PASSWORD);
  const employee = await invitedEmployee(request, admin.email, 'nevada-employee', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  const days = lastWeek();
  const tuesday = days[2];
  await apiCall(request, token, 'POST', '/timesheet/edit', { data: { employeeId: employee.eid, start: `${tuesday} 08:00:00`, end: `${tuesday} 18:00:00` } });

  await page.goto('/login');
  await fillLogin(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'HR Folders' }).click();
  await page.getByRole('link', { name: new RegExp(employee.firstname) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/manage/view-user/${employee.eid}$`));
  const card = page.getByTestId('person-overtime');
  await expect(card.getByTestId('person-overtime-current')).toContainText('Company rules');
  await choose(page, card.getByRole('combobox', { name: 'Work-state rules' }), 'Nevada');
  await card.getByRole('checkbox', { name: /wage line/ }).check();
  await card.getByRole('textbox', { name: 'Applies from' }).fill(slash(tuesday));
  await card.getByRole('button', { name: 'Save overtime rules' }).click();
  await expect(card.getByText("The person's overtime rules have been saved.")).toBeVisible();
  await expect(card.getByTestId('person-overtime-version')).toContainText(`From ${slash(tuesday)}: Nevada, under the wage line`);
  expect(await seriousViolations(page), 'the person overtime card').toEqual([]);

  await page.goto(`/timesheet/employee/${employee.eid}?start=${days[0]}&end=${days[6]}`);
  await expect(page.getByTestId('pay-regular')).toHaveText('8h 00m');
  await expect(page.getByTestId('pay-overtime')).toHaveText('2h 00m');
});

test('clocked in for nine hours under Nevada’s daily rule: the clock says since when, the dashboard lists them', async ({ browser, page, request }) => {
  const admin = await signUpVerifiedByApi(request, 'nevada-late', PASSWORD);
  const employee = await invitedEmployee(request, admin.email, 'nevada-late-employee', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  const days = lastWeek();
  // An hour last week makes the company old enough for rules from then.
  await apiCall(request, token, 'POST', '/timesheet/edit', { data: { employeeId: employee.eid, start: `${days[1]} 09:00:00`, end: `${days[1]} 10:00:00` } });
  await apiCall(request, token, 'POST', '/settings/update-overtime', { data: { effectiveFrom: days[1], jurisdiction: 'us-nv' } });
  await apiCall(request, token, 'POST', '/settings/update-employee-overtime', {
    data: { employeeId: employee.eid, effectiveFrom: days[1], underWageLine: true },
  });
  // Clocked in, then the start moved back nine hours by the admin (Nevada's workday is the 24
  // hours from the start, so this holds at any hour).
  const own = await loginByApi(request, employee.email, PASSWORD);
  const clock = await apiCall(request, own.token, 'POST', '/clock/start', { data: {} });
  const started = new Date(Date.now() - 9 * 3_600_000);
  const local = (at) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'medium' }).format(at);
  await apiCall(request, token, 'POST', '/timesheet/edit', { data: { trackingNumber: clock.trackingNumber, start: local(started) } });
  const since = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(Math.floor(started.getTime() / 1000) * 1000 + 8 * 3_600_000));

  await page.goto('/login');
  await fillLogin(page, employee.email, PASSWORD);
  await expect(page.getByTestId('overtime-since')).toHaveText(`You are in overtime since ${since}`);
  expect(await seriousViolations(page), 'the clock in overtime').toEqual([]);

  const desktop = await browser.newContext();
  const board = await desktop.newPage();
  await board.goto('/login');
  await fillLogin(board, admin.email, PASSWORD);
  await expect(board).toHaveURL(/\/admin\/dashboard$/);
  const card = board.getByTestId('approaching-overtime');
  await expect(card.getByTestId('approaching-overtime-row')).toHaveCount(1);
  await expect(card.getByTestId('approaching-overtime-row')).toContainText(employee.firstname);
  await expect(card.getByTestId('approaching-overtime-row')).toContainText(`In overtime since ${since}`);
  expect(await seriousViolations(board), 'the dashboard with the overtime card').toEqual([]);
  await desktop.close();
});
