// Journey 40 (issue 36 §7, §8): managers and admins clock in and never answer their own time off.
// In a company of its own (two admins, a manager and the manager's report), the manager finds
// 'Clock' in the side menu and starts a shift from it; in the inbox his own time-off request has
// no Approve or Reject but names the two admins who answer it, while his report's has both, and
// the server refuses his approving his own (403). The owner admin clocks in the same way; her own
// request names the other admin only (and is refused as well), and she approves the manager's.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const OWN_REQUEST_REFUSAL = 'You cannot approve or reject your own request.';

const iso = (date) => date.toISOString().slice(0, 10);

/** The company's today as a UTC-noon Date (for day arithmetic). */
const companyToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())}T12:00:00Z`);

/** The first `count` weekdays after today that are not paid holidays (a holiday uses no time). */
function workingDaysAhead(holidays, count) {
  const days = [];
  for (let day = new Date(companyToday().getTime() + 86_400_000); days.length < count; day = new Date(day.getTime() + 86_400_000)) {
    if (![0, 6].includes(day.getUTCDay()) && !holidays.has(iso(day))) days.push(iso(day));
  }
  return days;
}

/**
 * A person the admin adds with `permission` (and `managerId`), started on 1 January of `year`, who
 * took the e-mailed invitation and set `PASSWORD`. Returns their names, `eid` and a session token.
 */
async function invitedPerson(request, adminToken, label, { permission, managerId = null, year }) {
  const email = uniqueEmail(label);
  const firstname = uniqueWord();
  const lastname = uniqueWord();
  const addedAt = Date.now();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', {
    data: { firstname, lastname, email, permission, managerId, startDate: `${year}-01-01` },
  });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: PASSWORD, retypePassword: PASSWORD } });
  // Setting the password ends the link's session.
  const { token: session } = await loginByApi(request, email, PASSWORD);
  return { email, firstname, lastname, name: `${firstname} ${lastname}`, eid: claimsOf(token).eid, token: session };
}

/** 'A or B' of people sorted as the server sorts approvers: by last name, then first name. */
function approverNames(people) {
  const sorted = [...people].sort((a, b) => (a.lastname === b.lastname ? (a.firstname < b.firstname ? -1 : 1) : a.lastname < b.lastname ? -1 : 1));
  const names = sorted.map((person) => person.name);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Signs in on a fresh desk browser, opens 'Clock' from the side menu and clocks in. */
async function clockInFromTheMenu(browser, person) {
  const desk = await browser.newContext();
  const page = await desk.newPage();
  await page.goto('/login');
  await fillLogin(page, person.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Clock', exact: true }).click();
  await expect(page).toHaveURL(/\/clockin$/);
  const card = page.getByTestId('clock-card');
  await expect(card.getByTestId('clock-state')).toHaveText('Not clocked in');
  await card.getByRole('button', { name: 'Clock In', exact: true }).click();
  await expect(card.getByTestId('clock-state')).toHaveText('Clocked in');
  await expect(card.getByRole('button', { name: 'Clock Out', exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Clock In', exact: true })).toHaveCount(0);
  return { desk, page, menu };
}

test("managers and admins clock in from the menu; their own time off waits for someone else", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueWord();
  const signedUp = await signUpVerifiedByApi(request, 'own-request-owner', PASSWORD);
  const { token: ownerToken } = await loginByApi(request, signedUp.email, PASSWORD);
  // signUpByApi's last name.
  const owner = { ...signedUp, lastname: 'Tester', name: `${signedUp.firstname} Tester`, eid: claimsOf(ownerToken).eid, token: ownerToken };
  const year = (await apiCall(request, owner.token, 'GET', '/pto-manage/data')).currentYear;
  const otherAdmin = await invitedPerson(request, owner.token, 'own-request-admin', { permission: 'companyadmin', year });
  const manager = await invitedPerson(request, owner.token, 'own-request-manager', { permission: 'manager', year });
  const report = await invitedPerson(request, owner.token, 'own-request-report', { permission: 'employee', managerId: manager.eid, year });
  expect(claimsOf(manager.token).roles).toEqual(['manager']);
  expect(claimsOf(owner.token).roles).toEqual(['admin']);

  // 16 hours of vacation this year for the owner, the manager and the report.
  const type = await apiCall(request, owner.token, 'POST', '/settings/update-pto-type', { data: { name: `Vacation ${tag}` } });
  await apiCall(request, owner.token, 'POST', '/settings/save-pto-plan', {
    data: {
      name: `Plan ${tag}`,
      year,
      assignType: 'teamMembers',
      assignIds: [owner.eid, manager.eid, report.eid],
      rules: [{ ptoTypeId: type.id, method: 'PER_CALENDAR_YEAR', rate: 16, rateUnit: 1 }],
    },
  });
  const holidays = new Set();
  for (const y of [year, year + 1]) {
    for (const holiday of (await apiCall(request, owner.token, 'GET', '/holiday/list', { params: { year: y } })).holidays) holidays.add(holiday.holiday);
  }
  const [firstDay, secondDay] = workingDaysAhead(holidays, 2);
  const dayOff = (token, day, reason) =>
    apiCall(request, token, 'POST', '/pto/request', {
      data: { ptoType: type.id, partialday: false, allday: 1, includeWeekend: false, start: `${day} 00:00:00`, end: `${day} 23:59:59`, reason },
    });
  const managersReason = `Manager's own day (${tag})`;
  const reportsReason = `Report's day (${tag})`;
  const ownersReason = `Owner's own day (${tag})`;
  const managersRequest = await dayOff(manager.token, firstDay, managersReason);
  await dayOff(report.token, firstDay, reportsReason);
  const ownersRequest = await dayOff(owner.token, secondDay, ownersReason);

  // The server refuses anyone approving their own request, manager and admin alike.
  for (const [who, id] of [
    [manager, managersRequest.id],
    [owner, ownersRequest.id],
  ]) {
    const refused = await apiCall(request, who.token, 'POST', '/pto/approve-timeoff', { data: { request: id }, status: 403 });
    expect(refused.message).toBe(OWN_REQUEST_REFUSAL);
  }

  // --- The manager: 'Clock' in the side menu, and a shift started from it.
  const { desk: managersDesk, page, menu } = await clockInFromTheMenu(browser, manager);
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '40-manager-clocked-in');

  // His inbox: his own request, still pending, names the two admins instead of the buttons.
  await menu.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  const requests = page.getByRole('region', { name: 'Requests' });
  const own = requests.getByTestId('pending-card').filter({ hasText: managersReason });
  await expect(own).toHaveCount(1);
  await expect(own).toHaveAccessibleName(`Time off request of ${manager.name}`);
  await expect(own.getByTestId('own-request')).toHaveText(`You cannot answer a request of your own: ${approverNames([owner, otherAdmin])} can.`);
  await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  // His report's request is his to answer.
  const reports = requests.getByTestId('pending-card').filter({ hasText: reportsReason });
  await expect(reports).toHaveAccessibleName(`Time off request of ${report.name}`);
  await expect(reports.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(reports.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(reports.getByTestId('own-request')).toHaveCount(0);
  // The owner's request is not his to see.
  await expect(page.getByText(ownersReason)).toHaveCount(0);
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '40-manager-own-request');
  await managersDesk.close();

  // --- The owner admin: 'Clock' as well, and a shift started from it.
  const { desk: ownersDesk, page: ownersPage, menu: ownersMenu } = await clockInFromTheMenu(browser, owner);
  await ownersMenu.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(ownersPage).toHaveURL(/\/admin\/inbox$/);
  const ownersRequests = ownersPage.getByRole('region', { name: 'Requests' });
  // Her own request names the other admin only.
  const hers = ownersRequests.getByTestId('pending-card').filter({ hasText: ownersReason });
  await expect(hers).toHaveAccessibleName(`Time off request of ${owner.name}`);
  await expect(hers.getByTestId('own-request')).toHaveText(`You cannot answer a request of your own: ${otherAdmin.name} can.`);
  await expect(hers.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(hers.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  // The manager's is hers to answer: she approves it, as the note told him.
  const his = ownersRequests.getByTestId('pending-card').filter({ hasText: managersReason });
  await expect(his.getByTestId('own-request')).toHaveCount(0);
  await expect(his.getByRole('button', { name: 'Reject' })).toBeVisible();
  const approved = ownersPage.waitForResponse((res) => res.url().endsWith('/server/v1/pto/approve-timeoff'));
  await his.getByRole('button', { name: 'Approve' }).click();
  expect((await approved).status()).toBe(200);
  await expect(his).toHaveCount(0);
  const answered = ownersPage.getByRole('region', { name: 'Responded' }).getByTestId('responded-card').filter({ hasText: managersReason });
  await expect(answered.getByTestId('responded-by')).toContainText(`Approved By ${owner.firstname} T.`);
  await expect(hers.getByTestId('own-request')).toBeVisible();
  serious = await seriousViolations(ownersPage);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(ownersPage, '40-admin-own-request');
  await ownersDesk.close();
});
