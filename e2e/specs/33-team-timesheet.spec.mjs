// Journey 33 (issue 36): the team's week on one screen. An admin of a new company reads everyone's
// week (days, regular and overtime hours, what needs a look), opens a person's own week from it,
// and approves it; the employee sees the approval on their timesheet. On a phone the team is a list.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The Sunday of last week and its days, as 'YYYY-MM-DD' (New York, the company's zone). */
function lastWeek() {
  const today = new Date(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()) + 'T12:00:00Z');
  const sunday = new Date(today.getTime() - (today.getUTCDay() + 7) * 86_400_000);
  return Array.from({ length: 7 }, (_, i) => new Date(sunday.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}

test('an admin reads and approves the team week; the employee sees it approved', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await signUpVerifiedByApi(request, 'team-week-owner', PASSWORD);
  const employee = await invitedEmployee(request, admin.email, 'team-week-employee', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  const days = lastWeek();
  // Nine hours Monday to Friday: 45 h, 5 h over the weekly 40.
  for (const day of days.slice(1, 6)) {
    await apiCall(request, token, 'POST', '/timesheet/edit', { data: { employeeId: employee.eid, start: `${day} 08:00:00`, end: `${day} 17:00:00` } });
  }

  const desk = await browser.newContext();
  const page = await desk.newPage();
  await page.goto('/login');
  await fillLogin(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team Timesheet' }).click();
  await expect(page).toHaveURL(/\/timesheet\/team$/);
  await page.getByRole('button', { name: 'Previous week' }).click();
  const row = page.getByTestId('team-row').filter({ hasText: employee.firstname });
  await expect(row.getByTestId('team-regular')).toHaveText('40h 00m');
  await expect(row.getByTestId('team-overtime')).toHaveText('5h 00m');
  // The admin's own row cannot be approved by the admin.
  await expect(page.getByTestId('team-row').filter({ hasText: admin.firstname })).toContainText('Your own');
  const serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '33-team-week');

  // Their own week, from the team's.
  await row.getByRole('link', { name: new RegExp(employee.firstname) }).click();
  await expect(page).toHaveURL(new RegExp(`/timesheet/employee/${employee.eid}\\?start=${days[0]}&end=${days[6]}$`));
  await expect(page.getByTestId('week-total')).toHaveText('Total: 45h 00m');
  await page.goBack();

  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(row.getByTestId('team-approved')).toContainText(`Approved by ${admin.firstname}`);
  await expect(page.getByRole('button', { name: 'All approved' })).toBeDisabled();

  // The employee, on a phone, sees the approval on that week.
  const phone = await browser.newContext(PHONE);
  const theirs = await phone.newPage();
  await theirs.goto('/login');
  await fillLogin(theirs, employee.email, PASSWORD);
  await expect(theirs).toHaveURL(/\/clockin$/);
  await theirs.goto(`/timesheet?start=${days[0]}&end=${days[6]}`);
  await expect(theirs.getByTestId('week-review')).toContainText(`Approved by ${admin.firstname}`);

  // The admin's team on a phone: a list.
  const adminPhoneContext = await browser.newContext(PHONE);
  const adminPhone = await adminPhoneContext.newPage();
  await adminPhone.goto('/login');
  await fillLogin(adminPhone, admin.email, PASSWORD);
  await expect(adminPhone).toHaveURL(/\/admin\/dashboard$/);
  await adminPhone.goto(`/timesheet/team?date=${days[3]}`);
  await expect(adminPhone.getByTestId('team-cards')).toBeVisible();
  expect(await adminPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await adminPhoneContext.close();
  await phone.close();
  await desk.close();
});
