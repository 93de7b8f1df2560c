// Journey 51 (issue 41): approval paths, a stand-in, and an answer from the e-mail on a phone.
//
// - In a company of its own (the owner admin, a manager, a second manager who stands in for the
//   first, and the manager's report), the admin opens Settings → Approval paths, makes a two-step
//   path (the requester's manager, then the company's admins for requests longer than 40 hours) and
//   attaches it to a PTO type under 'Where paths apply'.
// - The manager opens Settings → Out of office and adds the second manager as his stand-in.
// - The report files a request of more than 40 hours (API); her Time Off History says 'Waiting for
//   <manager>, step 1 of 2, since <today's weekday>'.
// - The stand-in approves step 1 from his inbox ('Approved step 1 of 2; …'); the admin's inbox shows
//   'Step 2 of 2', who answered for whom ('<stand-in> for <manager>') and 'Approve all steps', and
//   the admin approves step 2: the request is approved.
// - The manager removes his stand-in. A second long request has its step 1 approved by the manager
//   (API); the admin's e-mail links to /answer/<token>, which she opens on a phone without signing
//   in: who, what, the reason, 'Step 2 of 2'; Approve, then 'Approve this request', and the server's
//   message. The request is approved; the link, opened again, says it was already used.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const USED = 'This link was already used.';

const iso = (date) => date.toISOString().slice(0, 10);
const plusDays = (date, days) => new Date(date.getTime() + days * 86_400_000);

/** The company's today as a UTC-noon Date (for day arithmetic). */
const companyToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())}T12:00:00Z`);

/** Today's weekday on the company's calendar, e.g. 'Tuesday'. */
const weekdayToday = () => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' }).format(new Date());

/**
 * Two runs of six working days each (Monday to the next Monday, 48 hours: more than 40), in weeks
 * after this one without a paid holiday in them.
 */
function longLeaves(holidays) {
  const today = companyToday();
  const leaves = [];
  for (let week = 1; leaves.length < 2 && week < 20; week += 1) {
    const monday = plusDays(today, 7 * week - ((today.getUTCDay() + 6) % 7));
    const days = [0, 1, 2, 3, 4, 7].map((offset) => iso(plusDays(monday, offset)));
    if (days.some((day) => holidays.has(day))) continue;
    leaves.push({ start: days[0], end: days[5] });
    week += 1;
  }
  return leaves;
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

/** Signs `person` in on a fresh desk browser; returns the context, its page and the side menu. */
async function signIn(browser, person, landing) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, person.email, PASSWORD);
  await expect(page).toHaveURL(landing);
  return { context, page, menu: page.getByRole('navigation', { name: 'Main menu' }) };
}

/** Settings, opened from the side menu, on the tab named `tab`. */
async function openSettingsTab(page, menu, tab) {
  await menu.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/settings/);
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel', { name: tab });
}

/** The employee's request body for a run of whole days. */
const leave = (typeId, { start, end }, reason) => ({
  ptoType: typeId,
  partialday: false,
  allday: 1,
  includeWeekend: false,
  start: `${start} 00:00:00`,
  end: `${end} 23:59:59`,
  reason,
});

test('an admin sets a two-step approval path; a stand-in, the admin and an e-mailed link answer long time off', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const tag = uniqueWord();
  const signedUp = await signUpVerifiedByApi(request, 'paths-owner', PASSWORD);
  const { token: ownerToken } = await loginByApi(request, signedUp.email, PASSWORD);
  // signUpByApi's last name.
  const owner = { ...signedUp, lastname: 'Tester', name: `${signedUp.firstname} Tester`, eid: claimsOf(ownerToken).eid, token: ownerToken };
  const year = (await apiCall(request, owner.token, 'GET', '/pto-manage/data')).currentYear;
  const manager = await invitedPerson(request, owner.token, 'paths-manager', { permission: 'manager', year });
  const standIn = await invitedPerson(request, owner.token, 'paths-standin', { permission: 'manager', year });
  const employee = await invitedPerson(request, owner.token, 'paths-employee', { permission: 'employee', managerId: manager.eid, year });

  // 200 hours of vacation a year for the report (and the next year's, should the leaves reach it).
  const holidays = new Set();
  for (const y of [year, year + 1]) {
    for (const holiday of (await apiCall(request, owner.token, 'GET', '/holiday/list', { params: { year: y } })).holidays) holidays.add(holiday.holiday);
  }
  const [firstLeave, secondLeave] = longLeaves(holidays);
  expect(secondLeave, 'two weeks without a paid holiday').toBeTruthy();
  const type = await apiCall(request, owner.token, 'POST', '/settings/update-pto-type', { data: { name: `Vacation ${tag}` } });
  const years = [...new Set([firstLeave.start, secondLeave.end].map((day) => Number(day.slice(0, 4))))];
  for (const y of years) {
    await apiCall(request, owner.token, 'POST', '/settings/save-pto-plan', {
      data: { name: `Plan ${tag} ${y}`, year: y, assignType: 'teamMembers', assignIds: [employee.eid], rules: [{ ptoTypeId: type.id, method: 'PER_CALENDAR_YEAR', rate: 200, rateUnit: 1 }] },
    });
  }
  const pathName = `Long leave ${tag}`;

  // --- The admin: Settings → Approval paths, a two-step path, attached to the PTO type.
  const ownersDesk = await signIn(browser, owner, /\/admin\/dashboard$/);
  const adminPage = ownersDesk.page;
  const paths = await openSettingsTab(adminPage, ownersDesk.menu, 'Approval paths');
  await expect(adminPage).toHaveURL(/[?&]tab=10\b/);
  await expect(paths.getByTestId('no-paths')).toHaveText('There is no approval path yet.');
  await paths.getByRole('button', { name: 'New path' }).click();
  const editor = adminPage.getByRole('form', { name: 'Approval path' });
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(pathName);
  const first = editor.getByRole('group', { name: 'Step 1' });
  await expect(first.getByRole('combobox', { name: 'Who answers' })).toHaveValue("The requester's manager");
  await editor.getByRole('button', { name: 'Add step' }).click();
  const second = editor.getByRole('group', { name: 'Step 2' });
  await expect(second.getByRole('combobox', { name: 'Who answers' })).toHaveValue("The company's admins");
  await second.getByRole('textbox', { name: /Only when longer than/ }).fill('40');
  expect(await seriousViolations(adminPage), 'the path editor').toEqual([]);
  const saved = adminPage.waitForResponse((res) => res.url().endsWith('/server/v1/approvals/paths') && res.request().method() === 'POST');
  await editor.getByRole('button', { name: 'Save path' }).click();
  expect((await saved).status()).toBe(200);
  await expect(editor).toHaveCount(0);
  const card = paths.getByRole('article', { name: pathName });
  await expect(card.getByRole('listitem')).toHaveText(["The requester's manager", "The company's admins (any one of them), only for requests longer than 40 hours"]);

  const row = paths.getByRole('row', { name: type.name, exact: true });
  const picker = row.getByRole('combobox', { name: `Approval path of ${type.name}` });
  await expect(picker).toHaveValue('No path (anyone who manages the person)');
  const attached = adminPage.waitForResponse((res) => res.url().endsWith('/server/v1/approvals/uses'));
  await picker.click();
  await adminPage.getByRole('option', { name: pathName }).click();
  expect((await attached).status()).toBe(200);
  await expect(picker).toHaveValue(pathName);
  await expect(row.getByRole('switch', { name: `Approve ${type.name} automatically` })).not.toBeChecked();
  // Kept: after a reload, and as the server says.
  await adminPage.reload();
  await expect(adminPage.getByRole('row', { name: type.name, exact: true }).getByRole('combobox', { name: `Approval path of ${type.name}` })).toHaveValue(pathName);
  const setup = await apiCall(request, owner.token, 'GET', '/approvals/setup');
  const path = setup.paths.find((p) => p.name === pathName);
  expect(path.steps).toMatchObject([
    { approvers: 'manager', mode: 'any', longerThanHours: null },
    { approvers: 'admins', mode: 'any', longerThanHours: 40 },
  ]);
  expect(setup.uses).toContainEqual(expect.objectContaining({ target: 'pto_type', ptoTypeId: type.id, pathId: path.id, autoApprove: false }));
  expect(await seriousViolations(adminPage), 'the approval paths').toEqual([]);
  await screenshot(adminPage, '51-approval-paths');

  // --- The manager: Settings → Out of office, the second manager stands in for two weeks.
  const managersDesk = await signIn(browser, manager, /\/admin\/dashboard$/);
  const outOfOffice = await openSettingsTab(managersDesk.page, managersDesk.menu, 'Out of office');
  await expect(managersDesk.page.getByRole('tab', { name: 'Approval paths' })).toHaveCount(0);
  await outOfOffice.getByRole('button', { name: 'Add stand-in' }).click();
  const dialog = managersDesk.page.getByRole('dialog', { name: 'Add stand-in' });
  await expect(dialog.getByRole('combobox', { name: /^Who is away/ })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: /^Stand-in/ }).click();
  await managersDesk.page.getByRole('option', { name: standIn.name }).click();
  const until = dialog.getByRole('textbox', { name: 'To', exact: true });
  await until.fill(iso(plusDays(companyToday(), 14)));
  // Escape closes the date picker first, keeping the date and the dialog.
  await until.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const standInRow = outOfOffice.getByTestId('stand-in');
  await expect(standInRow).toHaveCount(1);
  await expect(standInRow.getByTestId('stand-in-name')).toHaveText(standIn.name);
  await expect(standInRow).toContainText(manager.name);
  await expect(standInRow.getByTestId('stand-in-active')).toHaveText('Active now');
  expect(await seriousViolations(managersDesk.page), 'out of office').toEqual([]);
  await screenshot(managersDesk.page, '51-out-of-office');

  // --- The report asks for more than 40 hours: two steps, the first waiting for her manager.
  const firstReason = `Long trip (${tag})`;
  const filed = await apiCall(request, employee.token, 'POST', '/pto/request', { data: leave(type.id, firstLeave, firstReason) });
  expect(filed.minutes).toBeGreaterThan(40 * 60);
  expect(filed.approval).toMatchObject({ step: 1, steps: 2, state: 'pending' });
  expect(filed.approval.waitingFor).toContain(manager.name);
  const employeesDesk = await signIn(browser, employee, /\/clockin$/);
  await employeesDesk.page.goto('/pto');
  const entry = employeesDesk.page.getByTestId('history-item').filter({ hasText: firstReason });
  const waiting = entry.getByTestId('approval-waiting');
  await expect(waiting).toContainText('Waiting for ');
  await expect(waiting).toContainText(manager.name);
  await expect(waiting).toContainText(`step 1 of 2, since ${weekdayToday()}`);
  await screenshot(employeesDesk.page, '51-employee-waiting');

  // --- The stand-in approves step 1 from his inbox.
  const standInsDesk = await signIn(browser, standIn, /\/admin\/dashboard$/);
  await standInsDesk.menu.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(standInsDesk.page).toHaveURL(/\/admin\/inbox$/);
  const forStandIn = standInsDesk.page.getByRole('region', { name: 'Requests' }).getByTestId('pending-card').filter({ hasText: firstReason });
  await expect(forStandIn.getByTestId('approval-step')).toContainText('Step 1 of 2');
  await expect(forStandIn.getByRole('button', { name: 'Reject' })).toBeVisible();
  const stepOne = standInsDesk.page.waitForResponse((res) => res.url().endsWith('/server/v1/pto/approve-timeoff'));
  await forStandIn.getByRole('button', { name: 'Approve', exact: true }).click();
  expect((await stepOne).status()).toBe(200);
  await expect(standInsDesk.page.getByText(/^Approved step 1 of 2; now waiting for /)).toBeVisible();
  expect(await seriousViolations(standInsDesk.page), "the stand-in's inbox").toEqual([]);
  await standInsDesk.context.close();

  // --- The admin: step 2 of 2, who answered for whom, and her approval ends it.
  await ownersDesk.menu.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin\/inbox$/);
  const forAdmin = adminPage.getByRole('region', { name: 'Requests' }).getByTestId('pending-card').filter({ hasText: firstReason });
  await expect(forAdmin.getByTestId('approval-step')).toContainText('Step 2 of 2');
  await expect(forAdmin.getByTestId('approval-answer')).toContainText(`Step 1: approved by ${standIn.name} for ${manager.name}`);
  await expect(forAdmin.getByRole('button', { name: 'Approve all steps' })).toBeVisible();
  expect(await seriousViolations(adminPage), "the admin's inbox with an approval path").toEqual([]);
  await screenshot(adminPage, '51-admin-inbox');
  const stepTwo = adminPage.waitForResponse((res) => res.url().endsWith('/server/v1/pto/approve-timeoff'));
  await forAdmin.getByRole('button', { name: 'Approve', exact: true }).click();
  expect((await stepTwo).status()).toBe(200);
  await expect(forAdmin).toHaveCount(0);
  const answered = adminPage.getByRole('region', { name: 'Responded' }).getByTestId('responded-card').filter({ hasText: firstReason });
  await expect(answered.getByTestId('responded-by')).toContainText('Approved By');
  const history = await apiCall(request, owner.token, 'GET', '/pto/history', { params: { eid: employee.eid } });
  const done = history.items.find((item) => item.request?.id === filed.id);
  expect(done.request.status).toBe(3);
  expect(done.request.approval).toMatchObject({ state: 'approved', step: 2, steps: 2 });
  await employeesDesk.page.reload();
  await expect(employeesDesk.page.getByTestId('history-item').filter({ hasText: firstReason }).getByTestId('approval-waiting')).toHaveCount(0);
  await employeesDesk.context.close();

  // --- Back from leave: the manager removes his stand-in.
  await managersDesk.page.reload();
  await outOfOffice.getByRole('button', { name: `Remove ${standIn.name} for ${manager.name}` }).click();
  const removal = managersDesk.page.getByRole('dialog', { name: `Remove ${standIn.name} for ${manager.name}?` });
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(outOfOffice.getByTestId('no-stand-ins')).toHaveText('Nobody stands in for anyone.');
  await managersDesk.context.close();

  // --- A second long request; the manager approves step 1 (API), and the admin's mail links to step 2.
  const secondReason = `Family visit (${tag})`;
  const again = await apiCall(request, employee.token, 'POST', '/pto/request', { data: leave(type.id, secondLeave, secondReason) });
  expect(again.approval).toMatchObject({ step: 1, steps: 2, state: 'pending' });
  const stepOneAnsweredAt = Date.now();
  const byManager = await apiCall(request, manager.token, 'POST', '/pto/approve-timeoff', { data: { request: again.id } });
  expect(byManager.message).toMatch(/^Approved step 1 of 2; now waiting for /);
  const mail = await waitForMail(dataDir(), { to: owner.email, pathPart: '/answer/', since: stepOneAnsweredAt });
  const answerPath = new URL(mail.link).pathname;
  expect(answerPath).toMatch(/^\/answer\/[^/]+$/);
  await ownersDesk.context.close();

  // --- On a phone, without signing in: the request, step 2 of 2, approved after the confirmation.
  const phone = await browser.newContext(PHONE);
  const answerPage = await phone.newPage();
  await answerPage.goto(answerPath);
  await expect(answerPage.getByRole('heading', { name: 'Answer a request' })).toBeVisible();
  const details = answerPage.getByTestId('answer-details');
  await expect(details.getByTestId('answer-step')).toHaveText('Step 2 of 2');
  await expect(details.getByTestId('answer-who')).toContainText(employee.name);
  await expect(details.getByTestId('answer-reason')).toContainText(secondReason);
  await expect(details).toContainText(`Hello ${owner.name}`);
  await expect(details.getByTestId('answer-summary')).toContainText(type.name);
  expect(await seriousViolations(answerPage), 'the answer page on a phone').toEqual([]);
  await answerPage.getByRole('button', { name: 'Approve', exact: true }).click();
  const sent = answerPage.waitForResponse((res) => res.url().includes('/server/v1/approvals/answer/') && res.request().method() === 'POST');
  await answerPage.getByRole('button', { name: 'Approve this request' }).click();
  expect((await sent).status()).toBe(200);
  await expect(answerPage.getByTestId('answer-outcome')).toHaveText(/\S/);
  await expect(answerPage.getByRole('button', { name: 'Approve this request' })).toHaveCount(0);
  await screenshot(answerPage, '51-answered-on-phone');
  const afterLink = await apiCall(request, owner.token, 'GET', '/pto/history', { params: { eid: employee.eid } });
  expect(afterLink.items.find((item) => item.request?.id === again.id).request.status).toBe(3);

  // The link works once.
  await answerPage.reload();
  await expect(answerPage.getByTestId('answer-closed')).toHaveText(USED);
  await expect(answerPage.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await phone.close();
});
