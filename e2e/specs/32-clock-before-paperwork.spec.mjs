// Journey 32 (issue 36 §1): paperwork never stands between a person and the clock. On a phone, an
// employee with a document to send lands on the clock: a banner says what waits, the sheet stays
// shut and Clock In works at once. Elsewhere the sheet opens by itself once per sign-in (not in a
// second tab of the same sign-in), the banner opens it on the clock, and it always closes.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('the clock comes first; the sheet opens by itself once per sign-in, elsewhere', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await signUpVerifiedByApi(request, 'sheet-owner', PASSWORD);
  const employee = await invitedEmployee(request, admin.email, 'sheet-employee', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  const kind = await apiCall(request, token, 'POST', '/settings/update-doc-type', { data: { name: `W-4 ${uniqueWord()}` } });
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await apiCall(request, token, 'POST', '/manage/add-doc-request', { data: { employeeId: employee.eid, docTypeId: kind.id, dueDate: due } });

  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await page.goto('/login');
  await fillLogin(page, employee.email, PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);
  const banner = page.getByTestId('tasks-banner');
  await expect(banner).toContainText('You have 1 task waiting for your response.');
  const dock = page.getByTestId('task-dock');
  await expect(page.getByRole('dialog', { name: 'Response Required' })).toHaveCount(0);
  // Nothing covers the clock: Clock In answers the first tap.
  const card = page.getByTestId('clock-card');
  await card.getByRole('button', { name: 'Clock In', exact: true }).click();
  await expect(card.getByTestId('clock-state')).toHaveText('Clocked in');
  await expect(page.getByRole('dialog', { name: 'Response Required' })).toHaveCount(0);
  const serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '32-clock-with-banner-phone');

  // Another screen: the sheet opens by itself, this once, and closes.
  await page.getByTestId('side-bar-toggle').click();
  await page.getByTestId('side-bar').getByRole('link', { name: 'My Timesheet' }).click();
  await expect(page).toHaveURL(/\/timesheet$/);
  await expect(dock.getByRole('button', { name: `Upload ${kind.name}` })).toBeVisible();
  await dock.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Response Required' })).toHaveCount(0);

  // A second tab of the same sign-in: no sheet by itself.
  const second = await phone.newPage();
  await second.goto('/my-hr');
  await expect(second.getByRole('navigation', { name: 'Main menu' })).toBeAttached();
  await second.waitForTimeout(1500);
  await expect(second.getByRole('dialog', { name: 'Response Required' })).toHaveCount(0);
  // The clock's banner opens it when she is ready.
  await second.goto('/clockin');
  await second.getByTestId('tasks-banner').getByRole('button', { name: 'Respond' }).click();
  await expect(second.getByTestId('task-dock').getByRole('button', { name: `Upload ${kind.name}` })).toBeVisible();
  await phone.close();
});
