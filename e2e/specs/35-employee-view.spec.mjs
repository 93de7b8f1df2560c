// Journey 35 (issue 36 §9): the employee's view adds up. In a company of its own, an employee with
// 16 hours of vacation, a day approved ahead and a partial day pending reads on the PTO card what
// she has now, what she asked for and what would be left; asking for one more day, 'Dang it!'
// says how much she has and needs; the team calendar shows her pending day, as its legend says;
// My Docs lists the W-4 asked of her, and its Upload answers the request.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

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
 * An employee who started on 1 January (so a yearly grant is whole), invited by the admin and
 * signed in through the mailed link with `PASSWORD`.
 */
async function employeeSinceJanuary(request, adminToken, year) {
  const email = uniqueEmail('employee-view');
  const firstname = uniqueWord();
  const lastname = uniqueWord();
  const addedAt = Date.now();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname, email, permission: 'employee', startDate: `${year}-01-01` } });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: PASSWORD, retypePassword: PASSWORD } });
  // Setting the password ends the link's session.
  const { token: session } = await loginByApi(request, email, PASSWORD);
  return { email, firstname, lastname, eid: claimsOf(token).eid, token: session };
}

test("an employee's balance, 'Dang it!', calendar and documents agree", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await signUpVerifiedByApi(request, 'employee-view-owner', PASSWORD);
  const { token: admin } = await loginByApi(request, owner.email, PASSWORD);
  const year = (await apiCall(request, admin, 'GET', '/pto-manage/data')).currentYear;
  const employee = await employeeSinceJanuary(request, admin, year);

  // 16 hours of vacation this year.
  const type = await apiCall(request, admin, 'POST', '/settings/update-pto-type', { data: { name: `Vacation ${uniqueWord()}` } });
  await apiCall(request, admin, 'POST', '/settings/save-pto-plan', {
    data: {
      name: `Plan ${uniqueWord()}`,
      year,
      assignType: 'teamMembers',
      assignIds: [employee.eid],
      rules: [{ ptoTypeId: type.id, method: 'PER_CALENDAR_YEAR', rate: 16, rateUnit: 1 }],
    },
  });
  const holidays = new Set();
  for (const y of [year, year + 1]) {
    for (const holiday of (await apiCall(request, admin, 'GET', '/holiday/list', { params: { year: y } })).holidays) holidays.add(holiday.holiday);
  }
  const [pendingDay, approvedDay, askedDay] = workingDaysAhead(holidays, 3);
  // 2 h 15 min pending; a whole day approved, still to come.
  await apiCall(request, employee.token, 'POST', '/pto/request', {
    data: { ptoType: type.id, partialday: true, start: pendingDay, starttime: '09:00', endtime: '11:15', reason: 'Dentist' },
  });
  const approved = await apiCall(request, employee.token, 'POST', '/pto/request', {
    data: { ptoType: type.id, partialday: false, allday: 1, includeWeekend: false, start: `${approvedDay} 00:00:00`, end: `${approvedDay} 23:59:59`, reason: 'Family' },
  });
  await apiCall(request, admin, 'POST', '/pto/approve-timeoff', { data: { request: approved.id } });
  // A W-4 asked of her.
  const w4 = await apiCall(request, admin, 'POST', '/settings/update-doc-type', { data: { name: `W-4 ${uniqueWord()}` } });
  const due = iso(new Date(companyToday().getTime() + 7 * 86_400_000));
  await apiCall(request, admin, 'POST', '/manage/add-doc-request', { data: { employeeId: employee.eid, docTypeId: w4.id, dueDate: due, comments: 'For payroll' } });

  const desk = await browser.newContext();
  const page = await desk.newPage();
  await page.goto('/login');
  await fillLogin(page, employee.email, PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);

  // The PTO card: 16 h now, 8 h approved to come, 2.25 h asked for, 5.75 h left. The task sheet
  // opens by itself on her first screen after the clock; she closes it.
  await page.goto('/pto');
  const sheet = page.getByRole('dialog', { name: 'Response Required' });
  await expect(sheet.getByRole('button', { name: `Upload ${w4.name}` })).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);
  const card = page.getByTestId('balance-card');
  await expect(card.getByText('Available now')).toBeVisible();
  await expect(card.getByTestId('total-balance')).toHaveText('16.00 hrs');
  await expect(card.getByTestId('balance-scheduled')).toHaveText('− 8.00 hrs');
  await expect(card.getByTestId('balance-pending')).toHaveText('− 2.25 hrs');
  await expect(card.getByTestId('balance-projected')).toHaveText('5.75 hrs');

  // One more day is more than is left, and the message says by how much.
  const form = page.getByRole('form', { name: 'Request Time Off' });
  await form.getByRole('combobox', { name: 'Time Off Type' }).click();
  await page.getByRole('option', { name: type.name }).click();
  await form.getByRole('radio', { name: 'All Day' }).check();
  await form.getByLabel('Start Date').fill(askedDay);
  await form.getByLabel('End Date').fill(askedDay);
  await expect(form.getByText(`Dang it! You don't have enough ${type.name} available for this request. 5.75 h available, 8 h requested.`, { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  const onPto = await seriousViolations(page);
  expect(onPto, onPto.join('\n')).toEqual([]);
  await screenshot(page, '35-pto-card');

  // The team calendar shows her pending morning, which the legend calls hers.
  await page.goto('/team-calendar');
  await expect(page.getByTestId('agenda-legend')).toContainText('My Pending Time Off');
  const pendingTitle = `${employee.firstname} ${employee.lastname} – ${type.name} (pending)`;
  await expect(page.getByTestId('team-calendar').locator('.fc-toolbar-title')).toBeVisible();
  if (pendingDay.slice(0, 7) !== iso(companyToday()).slice(0, 7)) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('team-calendar').getByText(pendingTitle)).toBeVisible();

  // My Docs lists the W-4 asked of her; Upload answers it, and it becomes one of her documents.
  await page.goto('/my-hr');
  const docs = page.getByTestId('my-docs-card');
  const asked = docs.getByTestId('my-doc-request').filter({ hasText: w4.name });
  await expect(asked).toContainText('For payroll');
  const onMyHr = await seriousViolations(page);
  expect(onMyHr, onMyHr.join('\n')).toEqual([]);
  await asked.getByRole('button', { name: `Upload ${w4.name}` }).click();
  const upload = page.getByRole('dialog', { name: w4.name }).getByRole('form', { name: `Upload ${w4.name}` });
  await upload.getByTestId('file-input').setInputFiles({ name: 'w4-signed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(upload.getByRole('textbox', { name: 'Name' })).toHaveValue('w4-signed');
  await upload.getByRole('textbox', { name: 'Brief Description' }).fill('Signed');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('The Document has been uploaded.')).toBeVisible();
  await expect(docs.getByTestId('my-doc-request')).toHaveCount(0);
  await expect(docs.getByTestId('my-doc').filter({ hasText: 'w4-signed' })).toBeVisible();
  await screenshot(page, '35-my-docs');
  await desk.close();
});
