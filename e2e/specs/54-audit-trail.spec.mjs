// Journey 54 (issue 43): the company's audit trail (docs/contracts/audit-trail.md).
//
// - In a company of its own, the owner admin (API) adds a manager, the manager's report and a
//   second employee who is not the manager's report; then changes the report's last name and adds
//   a company holiday.
// - The admin opens Audit Trail from the menu: the report's update is there with the last name
//   before and after and who made it; 'What changed' = Holiday shows only holiday entries, ours
//   among them; 'Person' = the report shows only entries about her; 'Export CSV' downloads
//   audit-trail.csv holding her update.
// - The manager signs in and opens Audit Trail: the entries about his report are there, none about
//   the other employee, and not the holiday (entries about nobody are the admins' only).
// - No serious accessibility violation on the page.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';

const iso = (date) => date.toISOString().slice(0, 10);
const plusDays = (date, days) => new Date(date.getTime() + days * 86_400_000);

/** The company's today as a UTC-noon Date (for day arithmetic). */
const companyToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())}T12:00:00Z`);

/** A person the admin adds (no sign-in): the form sent, their name and id. */
async function addedPerson(request, adminToken, label, { permission = 'employee', managerId = null } = {}) {
  const form = { firstname: uniqueWord(), lastname: uniqueWord(), email: uniqueEmail(label), permission, managerId };
  const saved = await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: form });
  return { form, name: `${form.firstname} ${form.lastname}`, eid: saved.employee.id };
}

/** A manager the admin adds who took the e-mailed invitation and set `PASSWORD`. */
async function invitedManager(request, adminToken) {
  const email = uniqueEmail('audit-manager');
  const firstname = uniqueWord();
  const lastname = uniqueWord();
  const addedAt = Date.now();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname, email, permission: 'manager' } });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: PASSWORD, retypePassword: PASSWORD } });
  return { email, firstname, lastname, name: `${firstname} ${lastname}`, eid: claimsOf(token).eid };
}

/** Signs `email` in on a fresh desk browser and opens Audit Trail from the side menu. */
async function openAuditTrail(browser, email) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Trail', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  await expect(page.getByTestId('audit-table')).toBeVisible();
  return { context, page };
}

test("an admin reads who changed what, filters it and exports it; a manager sees only his report's entries", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const signedUp = await signUpVerifiedByApi(request, 'audit-owner', PASSWORD);
  const { token: adminToken } = await loginByApi(request, signedUp.email, PASSWORD);
  // signUpByApi's last name.
  const adminName = `${signedUp.firstname} Tester`;

  const manager = await invitedManager(request, adminToken);
  const report = await addedPerson(request, adminToken, 'audit-report', { managerId: manager.eid });
  const other = await addedPerson(request, adminToken, 'audit-other');

  // The report's last name changes (the employee form, sent again with the new name).
  const oldLast = report.form.lastname;
  const newLast = uniqueWord();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { ...report.form, id: report.eid, lastname: newLast } });
  const reportName = `${report.form.firstname} ${newLast}`;

  // A company holiday, a month from now.
  const holidayName = `Founders Day ${uniqueWord()}`;
  await apiCall(request, adminToken, 'POST', '/holiday/add', { data: { name: holidayName, holiday: iso(plusDays(companyToday(), 30)) } });

  // --- The admin: the whole company's trail.
  const { context: adminContext, page } = await openAuditTrail(browser, signedUp.email);
  const entries = page.getByTestId('audit-entry');
  const update = entries.filter({ hasText: `${oldLast} → ${newLast}` });
  await expect(update).toHaveCount(1);
  await expect(update.getByTestId('audit-what')).toHaveText('Employee updated');
  await expect(update.getByTestId('audit-change').filter({ hasText: `${oldLast} → ${newLast}` })).toHaveText(new RegExp(`^last ?name: ${oldLast} → ${newLast}$`, 'i'));
  await expect(update.getByTestId('audit-actor')).toHaveText(adminName);
  await expect(update.getByTestId('audit-support')).toHaveCount(0);
  await expect(update.getByTestId('audit-about')).toHaveText(reportName);
  // Times on the company's clock, and where the change came from (the journey's API calls).
  await expect(update.getByTestId('audit-when')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
  await expect(update.getByTestId('audit-from')).toHaveText(/^[\d.:a-f]+ · (Web|API)$/i);
  // The other employee is in the admin's trail (added).
  await expect(entries.filter({ has: page.getByTestId('audit-about').filter({ hasText: other.name }) }).first()).toBeVisible();
  expect(await seriousViolations(page), 'the audit trail').toEqual([]);
  await screenshot(page, '54-audit-trail-admin');

  const filters = page.getByRole('search', { name: 'Filters' });
  // What changed: Holiday. Only holiday entries, ours once, with its name created.
  await filters.getByRole('combobox', { name: 'What changed' }).click();
  await page.getByRole('option', { name: 'Holiday', exact: true }).click();
  await expect(entries.filter({ hasText: 'Employee updated' })).toHaveCount(0);
  const ours = entries.filter({ hasText: holidayName });
  await expect(ours).toHaveCount(1);
  await expect(ours.getByTestId('audit-what')).toHaveText('Holiday created');
  await expect(ours.getByTestId('audit-change').filter({ hasText: holidayName })).toHaveText(`name: — → ${holidayName}`);
  expect(new Set(await entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-entity'))))).toEqual(new Set(['holiday']));
  for (const what of await entries.getByTestId('audit-what').allTextContents()) expect(what).toMatch(/^Holiday /);

  // Everything again, then the report only.
  await filters.getByRole('button', { name: 'Clear what changed', includeHidden: true }).click();
  await expect(update).toHaveCount(1);
  await filters.getByRole('combobox', { name: 'Person' }).fill(report.form.firstname);
  await page.getByRole('option', { name: reportName, exact: true }).click();
  await expect(entries.filter({ hasText: holidayName })).toHaveCount(0);
  await expect(update).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Employee created' })).toHaveCount(1);
  for (const about of await entries.getByTestId('audit-about').allTextContents()) expect(about).toBe(reportName);
  expect(await seriousViolations(page), 'the audit trail filtered').toEqual([]);

  // Export CSV: the same selection, with the update.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-trail.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header.replace(/^\uFEFF/, '')).toBe('When (UTC),Who,As support,On behalf of,About,What,Id,Action,Changes,Address,Client');
  expect(lines.some((line) => line.includes(oldLast) && line.includes(newLast) && line.includes(reportName))).toBe(true);
  expect(csv).not.toContain(holidayName);
  expect(csv).not.toContain(other.name);
  await screenshot(page, '54-audit-trail-person');
  await adminContext.close();

  // --- The manager: the entries about his report, none about the other employee or nobody.
  const { context: managerContext, page: managerPage } = await openAuditTrail(browser, manager.email);
  const seen = managerPage.getByTestId('audit-entry');
  const reportUpdate = seen.filter({ hasText: `${oldLast} → ${newLast}` });
  await expect(reportUpdate).toHaveCount(1);
  await expect(reportUpdate.getByTestId('audit-about')).toHaveText(reportName);
  await expect(seen.filter({ hasText: 'Employee created' }).filter({ hasText: reportName })).toHaveCount(1);
  await expect(managerPage.getByTestId('audit-table')).not.toContainText(other.form.firstname);
  await expect(managerPage.getByTestId('audit-table')).not.toContainText(holidayName);
  for (const about of await seen.getByTestId('audit-about').allTextContents()) expect([reportName, manager.name]).toContain(about);
  // The person filter offers the people he reaches only.
  const managerFilters = managerPage.getByRole('search', { name: 'Filters' });
  await managerFilters.getByRole('combobox', { name: 'Person' }).fill(other.form.firstname);
  await expect(managerPage.getByText('Nobody by that name')).toBeVisible();
  await expect(managerPage.getByRole('option', { name: other.name })).toHaveCount(0);
  await managerFilters.getByRole('combobox', { name: 'Person' }).fill('');
  await managerFilters.getByRole('combobox', { name: 'Person' }).press('Escape');
  expect(await seriousViolations(managerPage), "the manager's audit trail").toEqual([]);
  await screenshot(managerPage, '54-audit-trail-manager');
  await managerContext.close();
});
