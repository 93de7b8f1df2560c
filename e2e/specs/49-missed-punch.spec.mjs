// Journey 49 (issue 40): a forgotten clock-out is closed by Timekeep, and a manager settles it.
//
// - In a company of its own (the owner admin, a manager and the manager's report), the report
//   clocks in (API) and forgets to clock out. The `missed-punches` job, run as if it were 15 hours
//   later (`timekeep jobs run missed-punches --now …`, TIMEKEEP_ALLOW_JOB_CLOCK=true), closes the shift
//   at its last known activity (its start), marks it and mails the person and the manager.
// - The report's timesheet marks the shift 'Missed clock-out' in red, saying it is paid in no
//   payroll file until corrected or accepted; the details say the same and how to correct it.
// - The manager's inbox lists it under 'Missed punches' (count 1): who, when the shift began, what
//   was missed and where Timekeep closed it, 'Correct' (the report's week on the timesheet) and
//   'Accept as is'. Accepting it takes the row off with a notification: 'No missed punches.'
// - The report's timesheet then marks the shift 'Missed punch settled' in grey.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { runJob } from '../support/jobs.mjs';
import { mailText, waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const EXPLANATION = 'Timekeep closed this shift at its last known activity. Until it is corrected or accepted it is paid in no payroll file.';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The company's wall clock at an instant: `{ date: 'YYYY-MM-DD', weekday, month, day, hour, minute }`. */
function wall(instant) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday, month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: parts.minute };
}

/** '9:02 AM' on the company clock. */
function shortTime(instant) {
  const { hour, minute } = wall(instant);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Tue, Nov 24' on the company calendar. */
function shortDate(instant) {
  const { weekday, month, day } = wall(instant);
  return `${weekday}, ${MONTHS[month - 1]} ${day}`;
}

/** The Sunday–Saturday week that holds a company day. */
function weekOf(isoDate) {
  const date = new Date(`${isoDate}T12:00:00Z`);
  const start = new Date(date.getTime() - date.getUTCDay() * 86_400_000);
  const end = new Date(start.getTime() + 6 * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/**
 * A person the admin adds with `permission` (and `managerId`) who took the e-mailed invitation and
 * set `PASSWORD`. Returns their names, `eid` and a session token.
 */
async function invitedPerson(request, adminToken, label, { permission, managerId = null }) {
  const email = uniqueEmail(label);
  const firstname = uniqueWord();
  const lastname = uniqueWord();
  const addedAt = Date.now();
  await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname, email, permission, managerId } });
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

/** The text of a mail to `to` (the outbox) that contains `words`, waiting for it a while. */
async function mailWith(to, words, timeoutMs = 20_000) {
  const outbox = join(dataDir(), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
    for (const name of names) {
      const text = mailText(await readFile(join(outbox, name), 'utf8'));
      if (text.toLowerCase().includes(to.toLowerCase()) && text.includes(words)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} saying "${words}" in ${outbox}`);
}

/** Signs `person` in on a fresh desk browser; returns the context and its page. */
async function signIn(browser, person, landing) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, person.email, PASSWORD);
  await expect(page).toHaveURL(landing);
  return { context, page };
}

test('a forgotten clock-out: closed by Timekeep, accepted as is in the manager\'s inbox, settled on the timesheet', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const owner = await signUpVerifiedByApi(request, 'missed-owner', PASSWORD);
  const { token: ownerToken } = await loginByApi(request, owner.email, PASSWORD);
  const manager = await invitedPerson(request, ownerToken, 'missed-manager', { permission: 'manager' });
  const report = await invitedPerson(request, ownerToken, 'missed-report', { permission: 'employee', managerId: manager.eid });

  // --- The report clocks in and forgets to clock out.
  const started = await apiCall(request, report.token, 'POST', '/clock/start', { data: {} });
  const entryId = started.trackingNumber;
  expect(entryId).toBeGreaterThan(0);

  // --- Fifteen hours later (the company's longest shift is 14 hours), the job closes it.
  const line = await runJob('missed-punches', new Date(Date.now() + 15 * 3_600_000));
  expect(line).toMatch(/^missed-punches: [1-9]\d* shifts closed as missed punches, \d+ people reminded, \d+ mails queued$/);
  const shift = await apiCall(request, report.token, 'GET', '/timesheet/details', { params: { ts: entryId } });
  expect(shift).toMatchObject({ missedPunch: 'clock_out', missedOpen: true });
  // Closed at its last known activity: its start.
  expect(Date.parse(shift.end)).toBe(Date.parse(shift.start));
  expect((await apiCall(request, report.token, 'GET', '/clock/status')).status).toBe(3);
  await mailWith(report.email, 'Please send an edit request with the time you really stopped');
  await mailWith(manager.email, 'Correct it, or accept it as is, from the inbox');
  const week = weekOf(wall(shift.start).date);

  // --- The report's timesheet: a red 'Missed clock-out', and the same in the details.
  const reportDesk = await signIn(browser, report, /\/clockin$/);
  try {
    const page = reportDesk.page;
    await page.goto('/timesheet');
    const row = page.getByTestId('timesheet-row');
    await expect(row).toHaveCount(1);
    const badge = row.getByTestId('missed-badge');
    await expect(badge).toHaveText('Missed clock-out');
    await expect(badge).toHaveAccessibleName(`Missed clock-out: ${EXPLANATION}`);
    await row.getByTestId(`row-actions-${shift.id}`).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const details = page.getByTestId('details-missed');
    await expect(details).toContainText('Missed clock-out');
    await expect(details).toContainText(EXPLANATION);
    await expect(details).toContainText("Use 'Request Edit' to send the real times.");
    await expect(details.getByRole('button', { name: 'Accept as is' })).toHaveCount(0);
    const serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '49-report-missed-clock-out');
  } finally {
    await reportDesk.context.close();
  }

  // --- The manager's inbox: the missed punch, 'Correct' and 'Accept as is'.
  const managerDesk = await signIn(browser, manager, /\/admin\/dashboard$/);
  try {
    const page = managerDesk.page;
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Inbox', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    const missed = page.getByRole('region', { name: 'Missed punches' });
    await expect(missed.getByTestId('missed-total')).toHaveText('1 waiting');
    const card = missed.getByRole('article', { name: `Missed punch of ${report.name}` });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('missed-start')).toHaveText(`Started ${shortDate(shift.start)} ${shortTime(shift.start)}`);
    await expect(card.getByTestId('missed-what')).toHaveText(`Missed clock-out, closed at ${shortTime(shift.end)}`);
    await expect(card.getByRole('link', { name: 'Correct' })).toHaveAttribute('href', `/timesheet/employee/${report.eid}?start=${week.start}&end=${week.end}`);
    let serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '49-inbox-missed-punch');

    // 'Correct' opens the report's week, where the shift carries the same marker.
    await card.getByRole('link', { name: 'Correct' }).click();
    await expect(page).toHaveURL(new RegExp(`/timesheet/employee/${report.eid}\\?start=${week.start}&end=${week.end}$`));
    await expect(page.getByTestId('timesheet-employee')).toHaveText(report.name);
    const row = page.getByTestId('timesheet-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('missed-badge')).toHaveText('Missed clock-out');
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/inbox$/);

    // Accepted as is: the row leaves, and a notification says so.
    await card.getByRole('button', { name: 'Accept as is' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Accepted as is: ${report.name}'s shift of ${shortDate(shift.start)}` })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(missed.getByTestId('no-missed')).toHaveText('No missed punches.');
    await expect(missed.getByTestId('missed-total')).toHaveText('0 waiting');
    serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '49-inbox-accepted');
  } finally {
    await managerDesk.context.close();
  }
  expect((await apiCall(request, manager.token, 'GET', '/timesheet/missed')).missed).toEqual([]);
  // Nothing waits any more: accepting it again is refused.
  await apiCall(request, manager.token, 'POST', '/timesheet/missed-accept', { params: { ts: entryId }, status: 409 });

  // --- The report's timesheet: the shift is settled, in grey.
  const again = await signIn(browser, report, /\/clockin$/);
  try {
    const page = again.page;
    await page.goto('/timesheet');
    const badge = page.getByTestId('timesheet-row').getByTestId('missed-badge');
    await expect(badge).toHaveText('Missed punch settled');
    await expect(badge).toHaveAttribute('data-state', 'settled');
    const serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '49-report-settled');
  } finally {
    await again.context.close();
  }
});
