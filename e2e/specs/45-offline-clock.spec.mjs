// Journey 45 (issue 39): clock presses made without a network, on a phone.
//
// - Offline (the browser context's network off), an employee clocks in, takes a break, ends it and
//   clocks out: each press is saved on the phone at once ('Saved on this phone: will be sent when
//   you are back online', with the time it will record), the clock shows the state it knows (the
//   last confirmed status with the queued presses on top) and the server hears nothing. The page
//   reloads offline (the service worker's app shell) with the queue still there. Back online the
//   four presses go to POST /clock/offline-press once each, in order; the timesheet shows the one
//   shift with its break, marked 'Offline'; the same presses sent again with the same keys (a retry
//   after a lost answer) store nothing new and answer the same.
// - A phone whose clock runs 10 minutes fast: the press is stored at the server's time (corrected
//   by the offset the phone measured) and flagged with the skew in the timesheet's details.
// - A press 4 days old is not applied: it goes to the manager's inbox as a request to add the
//   shift, with the reason; the admin approves it.
// - Two people on one phone: the first person's queued press stays on the phone through sign-out
//   (asked first) and is never sent by the second person's session; it goes once its owner signs
//   in again.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi, tokenOf, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SAVED = 'Saved on this phone: will be sent when you are back online';
const TEN_MINUTES = 10 * 60 * 1000;

/** 'YYYY-MM-DD' of `date` on the company's calendar. */
const companyDay = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date);

/** A fresh company: its admin, and `count` employees who set their passwords. */
async function company(request, label, count) {
  const admin = await signUpVerifiedByApi(request, `${label}-owner`, PASSWORD);
  const employees = [];
  for (let i = 0; i < count; i += 1) employees.push(await invitedEmployee(request, admin.email, `${label}-${i + 1}`, PASSWORD));
  return { admin, employees };
}

/** The shifts of `token`'s person from `daysBack` company days ago to today (API). */
async function shifts(request, token, daysBack = 1) {
  const end = companyDay(new Date());
  const start = companyDay(new Date(Date.now() - daysBack * 86_400_000));
  return (await apiCall(request, token, 'GET', '/timesheet/list', { params: { start, end } })).entries;
}

/** Whether this build has the service worker (journey 46's): then the app opens offline. */
async function hasServiceWorker(request) {
  const answer = await request.get('/sw.js');
  return answer.ok() && /javascript/.test(answer.headers()['content-type'] ?? '');
}

/**
 * Waits until the service worker is active (its precache complete), then reloads the page so that
 * the worker serves it (as journey 46 does): from then on the app opens without a network.
 */
async function controlledByServiceWorker(page) {
  await page.evaluate(async () => {
    const deadline = Date.now() + 30_000;
    while (!(await navigator.serviceWorker.getRegistration()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByTestId('clock-card').getByTestId('clock-state')).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Signs in on the phone's login page and waits for the clock (with the status read once). */
async function signInToClock(page, email) {
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);
  const card = page.getByTestId('clock-card');
  await expect(card.getByTestId('clock-state')).toBeVisible();
  return card;
}

/** Every POST /clock/offline-press the page makes: its key, body and (once answered) answer. */
function watchOfflinePresses(page) {
  const presses = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/server/v1/clock/offline-press')) return;
    presses.push({ key: request.headers()['idempotency-key'], body: request.postDataJSON(), response: request.response() });
  });
  /** The presses the server answered (a send that failed on the network has no answer). */
  presses.answered = async () => {
    const done = [];
    for (const press of presses) {
      const response = await press.response.catch(() => null);
      if (response) done.push({ key: press.key, body: press.body, status: response.status(), answer: await response.json() });
    }
    return done;
  };
  return presses;
}

/** Presses one of the clock's buttons and waits for the state it leads to. */
async function press(card, button, state) {
  await card.getByRole('button', { name: button, exact: true }).click();
  await expect(card.getByTestId('clock-state')).toHaveText(state);
}

test('offline: four presses saved on the phone, kept over a reload, sent once each in order when back online', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { employees } = await company(request, 'offline-clock', 1);
  const [employee] = employees;
  const { token } = await loginByApi(request, employee.email, PASSWORD);
  const withWorker = await hasServiceWorker(request);

  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  const sent = watchOfflinePresses(page);
  try {
    const card = await signInToClock(page, employee.email);
    await expect(card.getByTestId('clock-state')).toHaveText('Not clocked in');
    if (withWorker) await controlledByServiceWorker(page);

    // --- No network: each press is saved on the phone, and the clock goes on from what it knows.
    await phone.setOffline(true);
    await expect(card.getByTestId('clock-offline')).toContainText('You are offline');
    await press(card, 'Clock In', 'Clocked in');
    const outbox = card.getByTestId('outbox');
    await expect(outbox.getByTestId('outbox-saved')).toHaveText(SAVED);
    await expect(outbox).toContainText('1 press is not sent yet');
    await expect(outbox.getByTestId('outbox-press')).toHaveText([/^Clock In at \d{1,2}:\d{2} (AM|PM)$/]);
    await expect(card.getByRole('button', { name: 'Take a Break', exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Clock Out', exact: true })).toBeVisible();
    // Distinct seconds for the presses (the server records them to the second).
    await page.waitForTimeout(1_100);
    await press(card, 'Take a Break', 'On a break');
    await page.waitForTimeout(1_100);
    await press(card, 'End Break', 'Clocked in');
    await page.waitForTimeout(1_100);
    await press(card, 'Clock Out', 'Clocked out');
    await expect(outbox).toContainText('4 presses are not sent yet');
    await expect(outbox.getByTestId('outbox-press')).toHaveText([/^Clock In at /, /^Take a Break at /, /^End Break at /, /^Clock Out at /]);
    let serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '45-offline-queued');
    // The server heard nothing.
    expect((await apiCall(request, token, 'GET', '/clock/status')).status).toBe(0);
    expect(await shifts(request, token)).toEqual([]);
    expect(sent).toHaveLength(0);

    // --- Reloaded without a network (the app shell from the service worker): the queue is still there.
    if (withWorker) {
      await page.reload();
      await expect(card.getByTestId('clock-state')).toHaveText('Clocked out');
      await expect(card.getByTestId('clock-offline')).toContainText('Last updated');
      await expect(outbox).toContainText('4 presses are not sent yet');
      await expect(outbox.getByTestId('outbox-press')).toHaveCount(4);
    } else {
      test.info().annotations.push({ type: 'note', description: 'no service worker in this build: the offline reload was not tried' });
    }

    // --- Back online: sent in order, once each, and the clock says so.
    await phone.setOffline(false);
    await expect(outbox).toHaveCount(0, { timeout: 30_000 });
    const notice = card.getByTestId('outbox-notice');
    await expect(notice).toHaveAttribute('data-outcome', 'applied');
    await expect(notice).toContainText('Presses made offline were sent');
    await expect(card.getByTestId('clock-state')).toHaveText('Clocked out');
    await expect(card.getByTestId('clock-offline')).toHaveCount(0);

    const answered = await sent.answered();
    expect(answered.map((p) => p.body.action)).toEqual(['start', 'break', 'resume', 'end']);
    expect(answered.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    expect(answered.map((p) => p.answer.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(new Set(answered.map((p) => p.key)).size).toBe(4);
    for (const p of answered) expect(p.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The start was sent without a shift; the others with the one its answer opened.
    const tracking = answered[0].answer.status.trackingNumber;
    expect(tracking).toEqual(expect.any(Number));
    expect(answered.map((p) => p.body.trackingNumber)).toEqual([null, tracking, tracking, tracking]);

    // One shift with one break, each press flagged as made offline.
    const [shift, ...others] = await shifts(request, token);
    expect(others).toEqual([]);
    expect(shift.end).toBeTruthy();
    expect(shift.breaks).toHaveLength(1);
    expect(shift.breaks[0].to).toBeTruthy();
    expect(shift.offlinePresses.map((p) => p.action)).toEqual(['start', 'break', 'resume', 'end']);
    expect(Date.parse(shift.start)).toBe(Date.parse(answered[0].answer.recordedAt));
    expect(Date.parse(shift.end)).toBe(Date.parse(answered[3].answer.recordedAt));

    // --- The same presses again with the same keys (an answer lost on the way): the same answers, nothing new.
    const session = await tokenOf(page);
    for (const p of answered) {
      const again = await page.request.post('/server/v1/clock/offline-press', {
        headers: { Authorization: `Bearer ${session}`, 'Idempotency-Key': p.key },
        data: p.body,
      });
      expect(again.status(), await again.text()).toBe(200);
      const answer = await again.json();
      expect({ ...answer, status: undefined }).toEqual({ ...p.answer, status: undefined });
      expect(answer.status.trackingNumber).toBe(p.answer.status.trackingNumber);
    }
    // The same key with another press is refused.
    const other = await page.request.post('/server/v1/clock/offline-press', {
      headers: { Authorization: `Bearer ${session}`, 'Idempotency-Key': answered[1].key },
      data: { ...answered[1].body, deviceTime: new Date(Date.parse(answered[1].body.deviceTime) + 60_000).toISOString() },
    });
    expect(other.status(), await other.text()).toBe(422);
    const after = await shifts(request, token);
    expect(after).toHaveLength(1);
    expect(after[0].breaks).toHaveLength(1);
    expect(after[0].offlinePresses).toHaveLength(4);

    // --- The timesheet shows the shift, marked as made offline.
    await page.goto('/timesheet');
    const row = page.getByTestId('timesheet-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('offline-badge')).toHaveText('Offline');
    await expect(row.getByTestId('offline-badge')).toHaveAccessibleName(/^Offline: Clock In made offline on the phone at .*; Clock Out made offline on the phone at /);
    serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '45-offline-timesheet');
  } finally {
    await phone.close();
  }
});

test("a phone clock 10 minutes fast: the press is stored at the server's time and flagged with the skew", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { employees } = await company(request, 'fast-clock', 1);
  const [employee] = employees;
  const { token } = await loginByApi(request, employee.email, PASSWORD);

  const phone = await browser.newContext(PHONE);
  // The phone's clock runs 10 minutes ahead of the world (and of the server).
  await phone.addInitScript((skew) => {
    const RealDate = Date;
    class FastDate extends RealDate {
      constructor(...args) {
        if (args.length === 0) super(RealDate.now() + skew);
        else super(...args);
      }
      static now() {
        return RealDate.now() + skew;
      }
    }
    window.Date = FastDate;
  }, TEN_MINUTES);
  const page = await phone.newPage();
  try {
    const card = await signInToClock(page, employee.email);
    await expect(card.getByTestId('clock-state')).toHaveText('Not clocked in');
    // The phone measured the server's clock 10 minutes behind its own.
    await expect
      .poll(async () => page.evaluate(() => JSON.parse(window.localStorage.getItem('timekeep.clock.serverOffset') ?? 'null')?.offsetMs))
      .toBeLessThan(-TEN_MINUTES + 5_000);
    const offset = await page.evaluate(() => JSON.parse(window.localStorage.getItem('timekeep.clock.serverOffset')).offsetMs);
    expect(offset).toBeGreaterThan(-TEN_MINUTES - 5_000);

    await phone.setOffline(true);
    const pressedAt = Date.now();
    await press(card, 'Clock In', 'Clocked in');
    await expect(card.getByTestId('outbox-saved')).toHaveText(SAVED);
    await phone.setOffline(false);
    await expect(card.getByTestId('outbox')).toHaveCount(0, { timeout: 30_000 });

    const [shift, ...others] = await shifts(request, token);
    expect(others).toEqual([]);
    // Stored at the server's time of the press (the phone said 10 minutes later).
    expect(Math.abs(Date.parse(shift.start) - pressedAt)).toBeLessThan(5_000);
    const [flag] = shift.offlinePresses;
    expect(flag.action).toBe('start');
    expect(flag.skewSeconds).toBeGreaterThanOrEqual(595);
    expect(flag.skewSeconds).toBeLessThanOrEqual(605);
    expect(Math.abs(Date.parse(flag.deviceTime) - (pressedAt + TEN_MINUTES))).toBeLessThan(5_000);

    // The timesheet's details say so.
    await page.goto('/timesheet');
    const row = page.getByTestId('timesheet-row');
    await expect(row).toHaveCount(1);
    await row.getByTestId(`row-actions-${shift.id}`).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const details = page.getByTestId('details-offline');
    await expect(details).toContainText(/Clock In made offline on the phone at \d{1,2}:\d{2} (AM|PM), sent \d{1,2}:\d{2} (AM|PM) \(phone clock 10 min fast\)/);
    await screenshot(page, '45-fast-clock-details');
  } finally {
    await phone.close();
  }
});

test("a press 4 days old goes to the manager's inbox as a shift to add, and the admin approves it", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { admin, employees } = await company(request, 'old-press', 1);
  const [employee] = employees;
  const { token } = await loginByApi(request, employee.email, PASSWORD);

  // Made on the phone 4 days ago, sent now: a clock-in and a clock-out 8 hours later.
  const startedAt = new Date(Date.now() - 4 * 86_400_000);
  const endedAt = new Date(startedAt.getTime() + 8 * 3_600_000);
  const sendOld = async (action, deviceTime) => {
    const answer = await request.post('/server/v1/clock/offline-press', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-old-${action}-${uniqueWord()}` },
      data: { action, trackingNumber: null, deviceTime: deviceTime.toISOString(), serverOffsetMs: 0 },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  };
  const start = await sendOld('start', startedAt);
  expect(start.outcome).toBe('held');
  expect(start.requestId).toEqual(expect.any(Number));
  expect(start.reason).toContain('a press older than 72 hours needs a manager');
  expect(start.status.status).toBe(0);
  const end = await sendOld('end', endedAt);
  expect(end.outcome).toBe('held');
  // Nothing was applied.
  expect(await shifts(request, token, 5)).toEqual([]);

  const desk = await browser.newContext();
  const page = await desk.newPage();
  try {
    await page.goto('/login');
    await fillLogin(page, admin.email, PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/inbox');
    const requests = page.getByRole('region', { name: 'Requests' });
    const card = requests.getByTestId('pending-card').filter({ hasText: employee.firstname });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('new-shift')).toHaveText(/^New shift: \w{3}, \w{3} \d{1,2} \d{1,2}:\d{2} (AM|PM) – .+/);
    await expect(card).toContainText('72 hours');
    let serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '45-old-press-inbox');

    await card.getByRole('button', { name: 'Approve' }).click();
    const responded = page.getByRole('region', { name: 'Responded' }).getByTestId('responded-card').filter({ hasText: employee.firstname });
    await expect(responded).toHaveCount(1);
    await expect(responded.getByText('Approved', { exact: true })).toBeVisible();
    await expect(responded.getByTestId('new-shift')).toBeVisible();

    // The shift exists now, at the times the phone said.
    const [shift, ...others] = await shifts(request, token, 5);
    expect(others).toEqual([]);
    expect(Math.abs(Date.parse(shift.start) - startedAt.getTime())).toBeLessThan(2_000);
    expect(shift.end).toBeTruthy();
    expect(Math.abs(Date.parse(shift.end) - endedAt.getTime())).toBeLessThan(2_000);
  } finally {
    await desk.close();
  }
});

test("two people on one phone: the second never sends the first's queued press", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { employees } = await company(request, 'shared-phone', 2);
  const [first, second] = employees;
  const { token: firstToken } = await loginByApi(request, first.email, PASSWORD);
  const { token: secondToken } = await loginByApi(request, second.email, PASSWORD);
  const withWorker = await hasServiceWorker(request);

  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  const sent = watchOfflinePresses(page);
  try {
    // The first person clocks in without a network, then hands the phone over.
    let card = await signInToClock(page, first.email);
    await expect(card.getByTestId('clock-state')).toHaveText('Not clocked in');
    // Signing out offline opens a screen not seen yet: from the service worker's precache.
    if (withWorker) await controlledByServiceWorker(page);
    await phone.setOffline(true);
    await press(card, 'Clock In', 'Clocked in');
    await expect(card.getByTestId('outbox')).toContainText('1 press is not sent yet');

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await expect(dialog).toHaveText(/1 press on this phone is not sent yet\. If you sign out, it stays here and is sent when you sign in again\./);
    await screenshot(page, '45-sign-out-question');
    // Cancel keeps the person signed in, on the clock.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/clockin$/);
    await expect(card.getByTestId('outbox')).toContainText('1 press is not sent yet');
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The second person signs in with the network back: no queue, and nothing of the first's is sent.
    await phone.setOffline(false);
    card = await signInToClock(page, second.email);
    await expect(card.getByTestId('clock-state')).toHaveText('Not clocked in');
    await expect(card.getByTestId('outbox')).toHaveCount(0);
    // Every trigger of a flush, on the second person's watch.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('focus'));
    });
    await page.waitForTimeout(2_000);
    expect(sent).toHaveLength(0);
    expect((await apiCall(request, firstToken, 'GET', '/clock/status')).status).toBe(0);
    expect(await shifts(request, firstToken)).toEqual([]);
    expect(await shifts(request, secondToken)).toEqual([]);

    // The second person leaves (nothing of theirs waits: no question), the first comes back: it goes.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    card = await signInToClock(page, first.email);
    await expect(card.getByTestId('outbox')).toHaveCount(0, { timeout: 30_000 });
    await expect(card.getByTestId('clock-state')).toHaveText('Clocked in');
    const answered = await sent.answered();
    expect(answered.map((p) => [p.body.action, p.status, p.answer.outcome])).toEqual([['start', 200, 'applied']]);
    expect((await apiCall(request, firstToken, 'GET', '/clock/status')).status).toBe(1);
    expect(await shifts(request, secondToken)).toEqual([]);
  } finally {
    await phone.close();
  }
});
