// Journey 8: on a phone an employee clocks a whole shift, sees it in /timesheet and asks for an
// earlier clock-in (they forgot to clock in on arrival; nobody can ask for time in the future);
// their manager, on a desktop, approves it in the timesheet panel and the change
// history shows it.
import { seriousViolations } from '../support/axe.mjs';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, fillLogin, screenshot } from '../support/journey.mjs';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const COMPANY_ZONE = 'America/New_York';

/** The company wall clock now: hours and minutes. */
function wallClockNow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return Number(parts.hour) * 60 + Number(parts.minute);
}

const hhmm = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** 'hh:mm A' as the screens show times. */
function twelveHour(minutes) {
  const h = Math.floor(minutes / 60);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}


test('a shift clocked on a phone, an edit requested and approved by the manager', async ({ browser }) => {
  test.setTimeout(120_000);
  const clockedInAt = wallClockNow();
  // The new clock-in must fall on the shift's day, before the clock-in pressed now.
  test.skip(clockedInAt < 62 || clockedInAt >= 23 * 60 + 58, 'too close to midnight for a same-day correction');
  const newStart = clockedInAt - 61;

  // --- The employee, on a phone.
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await page.goto('/login');
  await fillLogin(page, DEMO.employee(1), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);

  const card = page.getByTestId('clock-card');
  await expect(card.getByTestId('clock-time')).toHaveText(/^\d{2}:\d{2}:\d{2} (AM|PM)$/);
  await expect(card.getByTestId('week-hours')).toHaveText(/^\d+h$/);
  // The server keeps instants to the second: a second between the actions makes a break that
  // ends after it starts, as a real one does.
  const aSecondLater = () => page.waitForTimeout(1100);
  await card.getByRole('button', { name: 'Clock In', exact: true }).click();
  await expect(card.getByTestId('clock-state')).toHaveText('Clocked in');
  await aSecondLater();
  await card.getByRole('button', { name: 'Take a Break' }).click();
  await expect(card.getByTestId('clock-state')).toHaveText('On a break');
  await aSecondLater();
  await card.getByRole('button', { name: 'End Break' }).click();
  await expect(card.getByTestId('clock-state')).toHaveText('Clocked in');
  await aSecondLater();
  await card.getByRole('button', { name: 'Clock Out' }).click();
  await expect(card.getByTestId('clock-state')).toHaveText('Clocked out');
  await expect(card.getByRole('button', { name: 'Start a New Shift' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '08-clock-phone');

  // The shift is in this week's timesheet (through the phone's menu).
  await page.getByTestId('side-bar-toggle').click();
  await page.getByTestId('side-bar').getByRole('link', { name: 'My Timesheet' }).click();
  await expect(page).toHaveURL(/\/timesheet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Timesheet' })).toBeVisible();
  const row = page.getByTestId('timesheet-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`In: `);
  // The hour of the clock-in: the press may land in the minute after the one read before it
  // (a CI run pressed at 17:00:00 after reading 16:59).
  const hours = [clockedInAt, clockedInAt + 1].map((minutes) => twelveHour(minutes).slice(0, 3));
  await expect(row).toContainText(new RegExp(`In: \\S+ (${hours.join('|')})`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Request an earlier clock-in.
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Request Edit' }).click();
  const request = page.getByRole('dialog', { name: 'Request Timesheet Edit' });
  await expect(request).toBeVisible();
  const submit = request.getByRole('button', { name: 'Submit Request' });
  await expect(submit).toBeDisabled();
  await request.getByRole('radio', { name: 'Clock In', exact: true }).check();
  await expect(submit).toBeEnabled();
  await request.locator('input[type="time"]').fill(hhmm(newStart));
  await request.getByRole('textbox', { name: 'Reason' }).fill('I started with a client at the door and forgot to clock in.');
  await submit.click();
  await expect(request.getByText('Woohoo! Your request has been submitted.')).toBeVisible();
  const raised = request.getByTestId('raised-request');
  await expect(raised).toContainText(`Clock In: `);
  await expect(raised).toContainText(twelveHour(newStart));
  await expect(raised.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
  await expect(submit).toHaveCount(0);
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '08-request-edit-phone');
  await request.getByRole('button', { name: 'Close' }).click();
  await expect(request).toBeHidden();
  await expect(row).toContainText('Pending Approval');
  await screenshot(page, '08-timesheet-phone');

  const eid = await page.evaluate(() => {
    const token = window.localStorage.getItem('timekeep.token') ?? '';
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).eid;
  });
  expect(eid).toEqual(expect.any(Number));
  await phone.close();

  // --- The manager, on a desktop.
  const desktop = await browser.newContext();
  const manager = await desktop.newPage();
  await manager.goto('/login');
  await fillLogin(manager, DEMO.manager, DEMO_PASSWORD);
  await expect(manager).toHaveURL(/\/admin\/dashboard$/);
  await manager.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Timesheets' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
  await manager.goto(`/timesheet/employee/${eid}`);
  await expect(manager.getByTestId('timesheet-employee')).toHaveText('Emma Brooks');
  const shift = manager.getByTestId('timesheet-row');
  await expect(shift).toHaveCount(1);
  await expect(shift).toContainText('Pending Approval');

  await shift.getByRole('button', { name: /^Actions for / }).click();
  await manager.getByRole('menuitem', { name: 'Review Edit Request' }).click();
  const review = manager.getByRole('dialog', { name: 'Request Timesheet Edit' });
  await expect(review.getByTestId('raised-request')).toContainText('Emma Brooks');
  serious = await seriousViolations(manager);
  expect(serious, serious.join('\n')).toEqual([]);
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByTestId('raised-request')).toHaveCount(0);
  await expect(review.getByTestId('request-trace')).toContainText('Approved');
  await review.getByRole('button', { name: 'Close' }).click();

  await expect(shift).not.toContainText('Pending Approval');
  await expect(shift).toContainText(twelveHour(newStart));
  await shift.getByRole('button', { name: /^Actions for / }).click();
  await manager.getByRole('menuitem', { name: 'Change History' }).click();
  const history = manager.getByRole('dialog', { name: 'Change History' });
  const change = history.getByTestId('change');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Clock In');
  await expect(change).toContainText(`→ `);
  await expect(change).toContainText(twelveHour(newStart));
  await expect(change).toContainText('Max Manager');
  // Let the panel finish sliding in before the picture.
  await manager.waitForTimeout(400);
  await screenshot(manager, '08-change-history');
  await desktop.close();
});
