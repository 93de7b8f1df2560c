// Journey 44 (issue 38): a reason for hours added by hand, and an assumed week for someone exempt
// from overtime. In a company of its own, an employee who started three weeks ago earns sick time
// by the hour worked (1 h per 30 h) and has clocked nothing. The admin adds 2 h by hand in her HR
// folder with a reason; on her phone the employee asks "Why this balance?" and reads the reason
// after the admin's name. The admin then switches on her assumed week (exempt from overtime) at
// 40 hours: the card's balance grows at once, and the week is still there after a reload.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-44';
const ZONE = 'America/New_York';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DAY = 86_400_000;
const REASON = 'Worked the holiday weekend';
const SWITCH = 'Accrues on an assumed week (exempt from overtime)';
const WEEKLY_HOURS_MESSAGE = 'Please input whole hours from 1 to 40, or leave it empty for hours worked';

const iso = (date) => date.toISOString().slice(0, 10);

/** The company's today as a UTC-noon Date (for day arithmetic). */
const companyToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())}T12:00:00Z`);

/** Minutes as the explanation shows hours: up to two decimals ('12.5'). */
const h = (minutes) => String(Number((minutes / 60).toFixed(2)));

/** Minutes as the folder's PTO card shows them: '12.50 hrs'. */
const hrs = (minutes) => `${(minutes / 60).toFixed(2)} hrs`;

/** An employee who started on `startDate`, invited by the admin and signed in with `PASSWORD`. */
async function employeeSince(request, adminToken, startDate) {
  const email = uniqueEmail('exempt-reason');
  const firstname = uniqueWord();
  const lastname = uniqueWord();
  const addedAt = Date.now();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname, email, permission: 'employee' } });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: PASSWORD, retypePassword: PASSWORD } });
  const eid = claimsOf(token).eid;
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { id: eid, firstname, lastname, email, startDate } });
  const { token: session } = await loginByApi(request, email, PASSWORD);
  return { email, firstname, lastname, eid, token: session };
}

test('an admin gives a reason for hours added by hand and an assumed week; the employee reads the reason', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await signUpVerifiedByApi(request, 'exempt-reason-owner', PASSWORD);
  const adminName = `${owner.firstname} Tester`;
  const { token: admin } = await loginByApi(request, owner.email, PASSWORD);
  const year = (await apiCall(request, admin, 'GET', '/pto-manage/data')).currentYear;
  const employee = await employeeSince(request, admin, iso(new Date(companyToday().getTime() - 21 * DAY)));

  // Sick time: 1 h per 30 h worked; she has clocked nothing.
  const type = await apiCall(request, admin, 'POST', '/settings/update-pto-type', { data: { name: 'Sick time' } });
  await apiCall(request, admin, 'POST', '/settings/save-pto-plan', {
    data: {
      name: `Plan ${uniqueWord()}`,
      year,
      assignType: 'teamMembers',
      assignIds: [employee.eid],
      rules: [{ ptoTypeId: type.id, method: 'PER_HOUR_WORKED', rate: 1, rateUnit: 30 }],
    },
  });
  const before = await apiCall(request, admin, 'GET', '/manage/employee-pto', { params: { id: employee.eid } });
  expect(before.assumedWeeklyHours).toBeNull();
  const sickBefore = before.types.find((t) => t.ptoTypeId === type.id).balance;

  // The admin, at a desk, in her HR folder: 2 h by hand, with a reason.
  const desk = await browser.newContext();
  const page = await desk.newPage();
  await page.goto('/login');
  await fillLogin(page, owner.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/manage/view-user/${employee.eid}`);
  const card = page.getByTestId('pto-card');
  const row = card.getByTestId('pto-balance-row').filter({ hasText: 'Sick time' });
  await expect(row).toContainText(hrs(sickBefore));
  await card.getByRole('button', { name: 'Manually Add PTO' }).click();
  const modal = page.getByRole('dialog', { name: 'Manually Add PTO' });
  await modal.getByRole('combobox', { name: 'PTO Type' }).click();
  await page.getByRole('option', { name: 'Sick time' }).click();
  await modal.getByRole('textbox', { name: 'Hours' }).fill('2');
  const reason = modal.getByRole('textbox', { name: 'Reason (optional)' });
  // Over 200 characters: the server's message under the field.
  await reason.fill('x'.repeat(201));
  await expect(modal.getByText('201 / 200 characters')).toBeVisible();
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(modal.getByText('Please keep the reason to 200 characters')).toBeVisible();
  await reason.fill(REASON);
  await expect(modal.getByText(`${REASON.length} / 200 characters`)).toBeVisible();
  expect(await seriousViolations(page), 'the Manually Add PTO modal with its reason').toEqual([]);
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('PTO information has been saved.')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(row).toContainText(hrs(sickBefore + 120));

  // The employee, on a phone: why her sick time balance is what it is.
  const phone = await browser.newContext(PHONE);
  const mine = await phone.newPage();
  await mine.goto('/login');
  await fillLogin(mine, employee.email, PASSWORD);
  await expect(mine).toHaveURL(/\/clockin$/);
  await mine.goto('/pto');
  const balanceRow = mine.getByTestId('balance-card').getByTestId('balance-type').filter({ hasText: 'Sick time' });
  await balanceRow.getByRole('button', { name: 'Why this balance?' }).click();
  const dialog = mine.getByRole('dialog', { name: `Why is my Sick time balance ${h(sickBefore + 120)} h?` });
  await expect(dialog).toBeVisible();
  const added = dialog.getByTestId('explanation-line').filter({ hasText: 'added by hand' });
  await expect(added.getByRole('cell').nth(1)).toHaveText(`2 h added by hand by ${adminName}: ${REASON}`);
  await expect(added.getByRole('cell').nth(2)).toHaveText('+2 h');
  const onDialog = await seriousViolations(mine);
  expect(onDialog, onDialog.join('\n')).toEqual([]);
  await screenshot(mine, '44-reason-phone');
  await phone.close();

  // Nobody but an admin sets an assumed week, and only whole hours from 1 to 40.
  await apiCall(request, employee.token, 'POST', '/manage/employee-pto-assumed-hours', { data: { employeeId: employee.eid, weeklyHours: 40 }, status: 403 });
  const refused = await apiCall(request, admin, 'POST', '/manage/employee-pto-assumed-hours', { data: { employeeId: employee.eid, weeklyHours: 41 }, status: 400 });
  expect(refused.errors.weeklyHours).toEqual([WEEKLY_HOURS_MESSAGE]);

  // Back in the folder: she is exempt from overtime, assumed to work 40 hours a week.
  const exempt = card.getByRole('form', { name: 'Exempt from overtime' });
  const toggle = exempt.getByRole('switch', { name: SWITCH });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const weekly = exempt.getByRole('textbox', { name: 'Hours a week' });
  await expect(weekly).toHaveValue('40');
  await expect(exempt.getByText("Paid sick leave accrued per hour worked counts these hours, spread over the weekdays, instead of the clock's hours.")).toBeVisible();
  expect(await seriousViolations(page), 'the PTO card with its assumed week').toEqual([]);
  await exempt.getByRole('button', { name: 'Save' }).click();
  await expect(exempt.getByText('The assumed week has been saved.')).toBeVisible();
  const after = await apiCall(request, admin, 'GET', '/manage/employee-pto', { params: { id: employee.eid } });
  expect(after.assumedWeeklyHours).toBe(40);
  const sickAfter = after.types.find((t) => t.ptoTypeId === type.id).balance;
  // Two full weeks of 40 assumed hours are past: more than the 2 h added by hand.
  expect(sickAfter).toBeGreaterThan(sickBefore + 120);
  // The answer of the save is the card's: its balance without asking again.
  await expect(row).toContainText(hrs(sickAfter));
  await screenshot(page, '44-assumed-week');

  await page.reload();
  await expect(toggle).toBeChecked();
  await expect(weekly).toHaveValue('40');
  await expect(row).toContainText(hrs(sickAfter));
  await desk.close();
});
