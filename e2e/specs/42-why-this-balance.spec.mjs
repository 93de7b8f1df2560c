// Journey 42 (issue 38): "Why this balance?". In a company of its own, an employee who started
// three weeks ago earns sick time by the hour worked (1 h per 30 h) and was given 2 h by hand. On
// a phone she opens her PTO screen, asks why her sick time balance is what it is, and reads the
// ledger: the accruals with the hours they were earned for, the 2 h added by the admin, and a
// total equal to the balance on her card. The admin, reading her PTO history in the HR folder,
// sees the same lines and the same total (one call behind both screens).
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DAY = 86_400_000;

const iso = (date) => date.toISOString().slice(0, 10);

/** The company's today as a UTC-noon Date (for day arithmetic). */
const companyToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())}T12:00:00Z`);

/** Monday to Friday of last week and of the week before, as 'YYYY-MM-DD' (all before today). */
function pastWeekdays() {
  const today = companyToday();
  const lastSunday = new Date(today.getTime() - (today.getUTCDay() + 7) * DAY);
  const days = [];
  for (const sunday of [new Date(lastSunday.getTime() - 7 * DAY), lastSunday]) {
    for (let i = 1; i <= 5; i += 1) days.push(iso(new Date(sunday.getTime() + i * DAY)));
  }
  return days;
}

/** 'MM/DD/YYYY' of 'YYYY-MM-DD', the app's date format. */
const shown = (day) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** Minutes as the explanation shows hours: up to two decimals ('12.5'). */
const h = (minutes) => String(Number((minutes / 60).toFixed(2)));

/** An employee who started on `startDate`, invited by the admin and signed in with `PASSWORD`. */
async function employeeSince(request, adminToken, startDate) {
  const email = uniqueEmail('why-balance');
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
  // Her start date, three weeks ago.
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { id: eid, firstname, lastname, email, startDate } });
  const { token: session } = await loginByApi(request, email, PASSWORD);
  return { email, firstname, lastname, eid, token: session };
}

test('the employee and the admin read the same lines behind a balance', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await signUpVerifiedByApi(request, 'why-balance-owner', PASSWORD);
  const adminName = `${owner.firstname} Tester`;
  const { token: admin } = await loginByApi(request, owner.email, PASSWORD);
  const year = (await apiCall(request, admin, 'GET', '/pto-manage/data')).currentYear;
  const employee = await employeeSince(request, admin, iso(new Date(companyToday().getTime() - 21 * DAY)));

  // Sick time: 1 h per 30 h worked.
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
  // Nine hours a day, Monday to Friday, last week and the week before.
  for (const day of pastWeekdays()) {
    await apiCall(request, admin, 'POST', '/timesheet/edit', { data: { employeeId: employee.eid, start: `${day} 08:00:00`, end: `${day} 17:00:00` } });
  }
  await apiCall(request, admin, 'POST', '/manage/manually-add-pto', { data: { employeeId: employee.eid, ptoTypeId: type.id, year, hours: 2 } });

  // The server's own sum, which both screens must show.
  const answer = await apiCall(request, employee.token, 'GET', '/pto/balance-explanation');
  const sick = answer.types.find((t) => t.ptoTypeId === type.id);
  expect(sick.lines.reduce((sum, line) => sum + line.minutes, 0)).toBe(sick.balance);
  expect(sick.lines.filter((line) => line.kind === 'ACCRUED').length).toBeGreaterThan(0);
  const total = `${h(sick.balance)} h`;

  // The employee, on a phone: her card's Sick time balance, then why it is what it is.
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await page.goto('/login');
  await fillLogin(page, employee.email, PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);
  await page.goto('/pto');
  const card = page.getByTestId('balance-card');
  await expect(card.getByTestId('total-balance')).toHaveText(`${(sick.balance / 60).toFixed(2)} hrs`);
  const row = card.getByTestId('balance-type').filter({ hasText: 'Sick time' });
  await expect(row.getByTestId('balance-type-available')).toHaveText(`${(sick.balance / 60).toFixed(2)} hrs`);
  await screenshot(page, '42-pto-card-phone');
  await row.getByRole('button', { name: 'Why this balance?' }).click();
  const dialog = page.getByRole('dialog', { name: `Why is my Sick time balance ${h(sick.balance)} h?` });
  await expect(dialog).toBeVisible();
  const mine = await readLines(dialog, sick);
  expect(mine.some((line) => /h worked \(1 h per 30 h\), week of /.test(line))).toBe(true);
  expect(mine).toContain(`2 h added by hand by ${adminName}`);
  await expect(dialog.getByTestId('explanation-total-hours')).toHaveText(total);
  // On a phone the dialog takes the whole screen, and nothing runs off its side.
  const box = await dialog.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(389);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const onDialog = await seriousViolations(page);
  expect(onDialog, onDialog.join('\n')).toEqual([]);
  await screenshot(page, '42-why-this-balance-phone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // The admin, at a desk, in her HR folder: the PTO history has the same lines and total.
  const desk = await browser.newContext();
  const adminPage = await desk.newPage();
  await adminPage.goto('/login');
  await fillLogin(adminPage, owner.email, PASSWORD);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto(`/admin/manage/view-user/${employee.eid}`);
  await adminPage.getByTestId('pto-card').getByRole('button', { name: 'PTO History' }).click();
  const dock = adminPage.getByRole('dialog', { name: 'PTO History' });
  const balance = dock.getByTestId('pto-history-balance').filter({ hasText: 'Sick time' });
  await expect(balance).toContainText(total);
  await balance.getByRole('button', { name: 'Why this balance?' }).click();
  const theirs = adminPage.getByRole('dialog', { name: `Why is ${employee.firstname} ${employee.lastname}'s Sick time balance ${h(sick.balance)} h?` });
  await expect(theirs).toBeVisible();
  expect(await readLines(theirs, sick)).toEqual(mine);
  await expect(theirs.getByTestId('explanation-total-hours')).toHaveText(total);
  const onAdmin = await seriousViolations(adminPage);
  expect(onAdmin, onAdmin.join('\n')).toEqual([]);
  await screenshot(adminPage, '42-why-this-balance-admin');
  await desk.close();
  await phone.close();
});

/**
 * The dialog's lines as 'date | text | change | balance after', after checking they are the
 * server's (in its order, since its period start); returns the texts.
 */
async function readLines(dialog, sick) {
  await expect(dialog.getByRole('table', { name: `Since ${shown(sick.periodStart)}` })).toBeVisible();
  const rows = dialog.getByTestId('explanation-line');
  await expect(rows).toHaveCount(sick.lines.length);
  const texts = [];
  for (const [i, line] of sick.lines.entries()) {
    const cells = rows.nth(i).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(shown(line.date) + (line.until && line.until !== line.date ? ` – ${shown(line.until)}` : ''));
    await expect(cells.nth(1)).toHaveText(line.text);
    await expect(cells.nth(2)).toHaveText(line.minutes > 0 ? `+${h(line.minutes)} h` : line.minutes < 0 ? `−${h(-line.minutes)} h` : '0 h');
    await expect(cells.nth(3)).toHaveText(`${h(line.balanceAfter)} h`);
    texts.push(line.text);
  }
  return texts;
}
