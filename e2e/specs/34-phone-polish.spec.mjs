// Journey 34 (issue 36, point 12): the shell and the team calendar on a 390x844 phone. The header
// names the page where a desktop greets; the calendar opens as the month's list, every entry whole
// and nothing wider than the screen; a notice (an event saved) shows at the bottom, clear of the
// header's bell and avatar. On a desktop the greeting stays and a long company name shows whole in
// the side bar. axe finds nothing serious on the phone's calendar, with the notice and without.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, appBanner, DEMO, DEMO_PASSWORD, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueWord } from '../support/journey.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
// A manager: the header has the most on a phone (quick add, the bell of requests, the avatar).
const MANAGER = DEMO.manager;
const SAVED = 'The Event has been saved.';

/** Whether two boxes share any point. */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Adds a team event of today through the calendar's 'Add Event' and waits for its notice; returns the notice. */
async function addEvent(page, name) {
  await page.getByRole('button', { name: 'Add Event' }).click();
  const form = page.getByRole('form', { name: 'Add Event' });
  await form.getByRole('textbox', { name: 'Event Name' }).fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: SAVED });
  await expect(notice).toBeVisible();
  await expect(form).toBeHidden();
  return notice;
}

/** Deletes the team events of today named `name` through the API. */
async function deleteEvents(request, token, name) {
  const today = (await apiCall(request, token, 'GET', '/pto/data')).today;
  const agenda = await apiCall(request, token, 'GET', '/pto/agenda', { params: { start: today, end: today, types: 'HrCalendarEvent' } });
  for (const item of agenda.items.filter((entry) => entry.name === name)) {
    await apiCall(request, token, 'POST', '/calendar-event/del-calendar-event', { data: { id: item.id } });
  }
}

test('on a phone the header names the page, the calendar is a list and notices keep off the header', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { token } = await loginByApi(request, MANAGER);
  const name = `Quarterly carrier review with the whole sales team ${uniqueWord()}`;
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await fillLogin(page, MANAGER, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const header = appBanner(page);
    await expect(header.getByTestId('page-name')).toHaveText('Dashboard');
    await expect(header.getByTestId('greeting')).toHaveCount(0);

    // Through the phone's menu to the calendar: the header follows.
    await page.getByTestId('side-bar-toggle').click();
    await page.getByTestId('side-bar').getByRole('link', { name: 'Calendar', exact: true }).click();
    await expect(page).toHaveURL(/\/team-calendar$/);
    await expect(header.getByTestId('page-name')).toHaveText('Team Calendar');
    await expect(header.getByTestId('page-name')).toBeInViewport({ ratio: 1 });

    // The month as a list, not the grid.
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    const list = page.getByTestId('team-calendar-list');
    await expect(list).toBeVisible();
    await expect(page.getByTestId('team-calendar')).toHaveCount(0);

    // A notice shows at the bottom, over nothing of the header.
    const notice = await addEvent(page, name);
    const noticeBox = await notice.boundingBox();
    for (const target of [header.getByTestId('pending-bell'), header.getByTestId('account-menu'), header]) {
      const box = await target.boundingBox();
      expect(box, 'the header, the bell and the avatar are on screen').not.toBeNull();
      expect(overlap(noticeBox, box), `the notice ${JSON.stringify(noticeBox)} covers ${JSON.stringify(box)}`).toBe(false);
    }
    await expect(header.getByTestId('pending-bell')).toBeInViewport({ ratio: 1 });
    expect(await seriousViolations(page), 'the calendar with a notice').toEqual([]);

    // The new event whole in the list, on a day of its own heading; nothing runs past the screen.
    const entry = list.getByRole('button', { name });
    await expect(entry).toBeVisible();
    await expect(entry).toBeInViewport({ ratio: 1 });
    const cut = await entry.evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(cut, 'the entry is cut off').toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(notice).toBeHidden({ timeout: 10_000 });
    expect(await seriousViolations(page), 'the calendar as a list').toEqual([]);
    await screenshot(page, '34-phone-calendar-list');

    // The grid is still there for who wants it.
    await page.getByTestId('calendar-view').getByText('Calendar', { exact: true }).click();
    await expect(page.getByTestId('team-calendar')).toBeVisible();
  } finally {
    await context.close();
    await deleteEvents(request, token, name);
  }
});

test('on a desktop the greeting stays, the company name shows whole and notices sit bottom right', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const company = `${uniqueWord()} & Daughters Insurance Agency of Greater Springfield`;
  const admin = await signUpVerifiedByApi(request, 'phone-polish-owner', 'journey-secret-42', { company });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await fillLogin(page, admin.email, 'journey-secret-42');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const header = appBanner(page);
    await expect(header.getByTestId('greeting')).toHaveText(new RegExp(`^Good (Morning|Afternoon|Evening), ${admin.firstname}$`));
    await expect(header.getByTestId('page-name')).toHaveCount(0);

    // The whole name, over more than one line, with no ellipsis.
    const name = page.getByTestId('side-bar').getByTestId('company-name');
    await expect(name).toHaveText(company);
    await expect(name).toHaveAttribute('title', company);
    const fit = await name.evaluate((node) => ({
      overflows: node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight,
      ellipsis: getComputedStyle(node).textOverflow === 'ellipsis',
      lines: Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)),
    }));
    expect(fit.overflows, 'the company name overflows its box').toBe(false);
    expect(fit.ellipsis).toBe(false);
    expect(fit.lines).toBeGreaterThan(1);

    await page.getByTestId('side-bar').getByRole('link', { name: 'Calendar', exact: true }).click();
    await expect(page).toHaveURL(/\/team-calendar$/);
    await expect(page.getByRole('radio', { name: 'Calendar' })).toBeChecked();
    await expect(page.getByTestId('team-calendar')).toBeVisible();
    const notice = await addEvent(page, `Desk review ${uniqueWord()}`);
    const noticeBox = await notice.boundingBox();
    const headerBox = await header.boundingBox();
    expect(overlap(noticeBox, headerBox), 'the notice covers the header').toBe(false);
    // Bottom right.
    expect(noticeBox.x + noticeBox.width).toBeGreaterThan(1280 - 40);
    expect(noticeBox.y + noticeBox.height).toBeGreaterThan(800 - 60);
    await screenshot(page, '34-desktop-company-name');
  } finally {
    await context.close();
  }
});
