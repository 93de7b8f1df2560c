// Journey 11: the manager's inbox. A report of the manager and an employee who reports to the admin
// each ask for a timesheet edit (arranged through the API). The manager sees only the report's
// request, the bell counts it, a rejection needs a reason, and the approved request moves to
// 'Responded' with 'Approved By'.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot, uniqueWord } from '../support/journey.mjs';

const COMPANY_ZONE = 'America/New_York';
const REPORT = { email: DEMO.employee(3), name: 'Olivia Diaz' }; // reports to the manager
const OUTSIDER = { email: DEMO.employee(5), name: 'Ava Foster' }; // reports to the admin
const pad = (n) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the company's calendar, `daysAgo` days before today. */
function companyDay(daysAgo) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day.toISOString().slice(0, 10);
}

/** 'MM/DD/YYYY hh:mm AM' as the inbox shows a time. */
function shown(day, hour, minute) {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y} ${pad(hour % 12 === 0 ? 12 : hour % 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The admin adds a finished one-hour shift for `employeeId` on a past day (so the journey does not
 * depend on the time of day), in a free slot. Returns the shift with its day and hour.
 */
async function addPastShift(request, adminToken, employeeId) {
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const day = companyDay(7 + Math.floor(Math.random() * 90));
    const hour = 8 + Math.floor(Math.random() * 8);
    const res = await request.post('/server/v1/timesheet/edit', {
      data: { employeeId, start: `${day} ${pad(hour)}:00:00`, end: `${day} ${pad(hour + 1)}:00:00` },
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const body = await res.json();
    if (res.status() === 201) return { ...body, hour };
    // Another run's shift in that slot: try another one.
    expect(res.status(), JSON.stringify(body)).toBe(400);
    expect(body.errors?.start).toEqual(['This shift overlaps another shift']);
  }
  throw new Error('no free slot for a shift');
}

/** The employee asks for a clock-out 15 minutes later, with a comment of their own. */
async function requestLaterClockOut(request, employeeToken, shift, comment) {
  const end = `${shift.day} ${pad(shift.hour + 1)}:15:00`;
  const raised = await apiCall(request, employeeToken, 'POST', '/timesheet/edit-request', {
    data: { trackingNumber: shift.trackingNumber, comment, changeType: 'out', end, boptype: 'NOCHANGE', breaks: [] },
    status: 201,
  });
  return raised;
}

test("the manager approves a report's timesheet edit in the inbox and sees no one else's", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uniqueWord();

  // --- Arrange through the API: a shift and a pending edit request for each employee.
  const admin = await loginByApi(request, DEMO.admin);
  const report = await loginByApi(request, REPORT.email);
  const outsider = await loginByApi(request, OUTSIDER.email);
  const reportShift = await addPastShift(request, admin.token, report.claims.eid);
  const outsiderShift = await addPastShift(request, admin.token, outsider.claims.eid);
  const reportComment = `Stayed late for a client call (${tag}).`;
  const outsiderComment = `Forgot to clock out after the meeting (${tag}).`;
  await requestLaterClockOut(request, report.token, reportShift, reportComment);
  await requestLaterClockOut(request, outsider.token, outsiderShift, outsiderComment);

  // --- The manager.
  await page.goto('/login');
  await fillLogin(page, DEMO.manager, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const bell = page.getByTestId('pending-bell');
  await expect(bell).toHaveAccessibleName(/^Inbox: \d+ pending requests?$/);
  await bell.click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await expect(page).toHaveTitle('Inbox | Timekeep');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  const requests = page.getByRole('region', { name: 'Requests' });
  const responded = page.getByRole('region', { name: 'Responded' });
  const pending = requests.getByTestId('pending-card');
  const mine = pending.filter({ hasText: reportComment });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAccessibleName(`Timesheet edit request of ${REPORT.name}`);
  await expect(mine.getByTestId('request-changes')).toContainText('Change: Clock Out');
  await expect(mine.getByTestId('request-changes')).toContainText(`Clock Out: ${shown(reportShift.day, reportShift.hour + 1, 15)}`);
  await expect(mine.getByTestId('request-changes')).toContainText('Breaks: No change');
  await expect(mine.getByTestId('request-changes')).toContainText(`Comment: ${reportComment}`);
  // The outsider's request is not the manager's to see, anywhere on the page.
  await expect(page.getByText(outsiderComment)).toHaveCount(0);
  await expect(page.getByRole('article', { name: `Timesheet edit request of ${OUTSIDER.name}` })).toHaveCount(0);

  // The pending count covers what the manager may answer: the badge, the cards and the bell agree.
  const total = requests.getByTestId('pending-total');
  const count = parseInt((await total.textContent()) ?? '', 10);
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(10); // one page: every pending request is on screen
  await expect(pending).toHaveCount(count);
  const bellText = (n) => (n === 0 ? 'Inbox: no pending requests' : `Inbox: ${n} pending request${n === 1 ? '' : 's'}`);
  await expect(bell).toHaveAccessibleName(bellText(count));
  await expect(page.getByTestId('pending-bell-count')).toHaveText(String(count));
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '11-inbox-pending');

  // The responded list's filter offers the manager's people only.
  await responded.getByRole('combobox', { name: 'Employee' }).click();
  await expect(page.getByRole('option', { name: REPORT.name, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Max Manager', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: OUTSIDER.name, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: REPORT.name, exact: true })).toBeHidden();

  // Rejecting needs a reason: an empty or blank one is flagged and nothing is sent.
  const rejections = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/server/v1/timesheet/edit-request-reject')) rejections.push(req);
  });
  await mine.getByRole('button', { name: 'Reject' }).click();
  const panel = page.getByRole('dialog', { name: 'Reject Request' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`Rejecting the timesheet edit request of ${REPORT.name}.`);
  const reason = panel.getByRole('textbox', { name: 'Reason' });
  await panel.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(panel.getByText('Please input the reason of the rejection')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await reason.fill('   ');
  await panel.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(panel.getByText('Please input the reason of the rejection')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '11-reject-needs-reason');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toBeHidden();
  expect(rejections).toHaveLength(0);
  await expect(mine).toHaveCount(1);

  // Approve: the request leaves 'Requests' for 'Responded', and the bell counts one less.
  const approved = page.waitForResponse((res) => res.url().endsWith('/server/v1/timesheet/edit-request-approve'));
  await mine.getByRole('button', { name: 'Approve' }).click();
  expect((await approved).status()).toBe(200);
  await expect(mine).toHaveCount(0);
  await expect(total).toHaveText(new RegExp(`^${count - 1}\\b`));
  await expect(bell).toHaveAccessibleName(bellText(count - 1));
  const answered = responded.getByTestId('responded-card').filter({ hasText: reportComment });
  await expect(answered).toHaveCount(1);
  await expect(answered).toHaveAccessibleName(`Timesheet edit request of ${REPORT.name}`);
  await expect(answered.getByText('Approved', { exact: true })).toBeVisible();
  await expect(answered.getByTestId('responded-by')).toContainText('Approved By Max M.');
  await expect(answered.getByRole('button')).toHaveCount(0); // a timesheet edit response cannot be cancelled

  // Filtered to the report, the answer is still there.
  await responded.getByRole('combobox', { name: 'Employee' }).click();
  await page.getByRole('option', { name: REPORT.name, exact: true }).click();
  await expect(responded.getByRole('combobox', { name: 'Employee' })).toHaveValue(REPORT.name);
  await expect(answered).toHaveCount(1);
  await expect(responded.getByTestId('responded-card').filter({ hasNotText: REPORT.name })).toHaveCount(0);
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '11-inbox-responded');
});
