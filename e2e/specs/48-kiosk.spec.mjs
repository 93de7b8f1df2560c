// Journey 48 (issue 40): a shared kiosk at a work location.
//
// - The admin keeps a location 'Main Office' (through the API); two employees have kiosk PINs, one
//   chosen by the person (POST /clock/pin), one set by the admin (POST /kiosks/reset-pin).
// - On a tablet, the admin opens Settings → Kiosks, registers 'Front desk tablet' at Main Office,
//   sees its secret once with the warning, and chooses 'Open kiosk mode on this device': the admin
//   is signed out (the session no longer works) and the tablet shows the kiosk.
// - Employee 1 taps their name, Clock In, types the PIN on the pad: 'clocked in at …'.
// - Employee 2 taps their name, Clock In, types a wrong PIN on the keyboard first ('not right', with
//   the tries left), then the right one: clocked in. The list shows both In; each press went out
//   with the device's credential and a key, and is kept with the source 'kiosk'.
// - 'Leave kiosk mode' refuses a wrong password, then takes the admin's: back to the login page,
//   the device no kiosk any more.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi, tokenOf } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const FIRST_PIN = '4711';
const SECOND_PIN = '2580';
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };
const KIOSK_KEY = 'timekeep.kiosk';

/** 'YYYY-MM-DD' of `date` on the company's calendar. */
const companyDay = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date);

/** The shifts of `token`'s person of yesterday and today (API). */
async function shifts(request, token) {
  const params = { start: companyDay(new Date(Date.now() - 86_400_000)), end: companyDay(new Date()) };
  return (await apiCall(request, token, 'GET', '/timesheet/list', { params })).entries;
}

/** Every call the page makes to /kiosk/*: its path, headers and JSON body. */
function watchKioskCalls(page) {
  const calls = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/server/v1/kiosk/')) return;
    calls.push({ path: url.pathname.replace('/server/v1', ''), headers: request.headers(), body: request.postData() ? request.postDataJSON() : null });
  });
  return calls;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a kiosk: registered in the settings, two people clock in with their PINs (one after a wrong PIN), left with an admin sign-in', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await signUpVerifiedByApi(request, 'kiosk-owner', PASSWORD);
  const first = await invitedEmployee(request, admin.email, 'kiosk-1', PASSWORD);
  const second = await invitedEmployee(request, admin.email, 'kiosk-2', PASSWORD);
  const { token: adminToken } = await loginByApi(request, admin.email, PASSWORD);
  const { token: firstToken } = await loginByApi(request, first.email, PASSWORD);
  const { token: secondToken } = await loginByApi(request, second.email, PASSWORD);

  // --- The location, and the PINs: one the person's own, one the admin's reset.
  const office = await apiCall(request, adminToken, 'POST', '/locations/save', { data: { name: 'Main Office' } });
  expect(office).toMatchObject({ name: 'Main Office', latitude: null });
  expect(await apiCall(request, firstToken, 'GET', '/clock/pin')).toEqual({ hasPin: false });
  // A PIN anyone would try first is refused on its field.
  const weak = await apiCall(request, firstToken, 'POST', '/clock/pin', { data: { pin: '1234' }, status: 400 });
  expect(weak.errors.pin[0]).toMatch(/4 to 6 digits/);
  expect(await apiCall(request, firstToken, 'POST', '/clock/pin', { data: { pin: FIRST_PIN } })).toEqual({ hasPin: true });
  expect(await apiCall(request, adminToken, 'POST', '/kiosks/reset-pin', { params: { eid: second.eid }, data: { pin: SECOND_PIN } })).toEqual({ hasPin: true });

  const tablet = await browser.newContext(TABLET);
  const page = await tablet.newPage();
  const kioskCalls = watchKioskCalls(page);
  try {
    // --- The admin registers the tablet as a kiosk.
    await page.goto('/login');
    await fillLogin(page, admin.email, PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const adminSession = await tokenOf(page);
    await page.goto('/admin/manage/settings');
    await page.getByRole('tab', { name: 'Kiosks' }).click();
    await expect(page).toHaveURL(/tab=9/);
    const panel = page.getByRole('tabpanel', { name: 'Kiosks' });
    await expect(panel.getByTestId('kiosks-empty')).toHaveText('There is no kiosk yet.');
    await panel.getByRole('button', { name: 'Register a kiosk' }).click();
    const form = page.getByRole('dialog', { name: 'Register a kiosk' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Front desk tablet');
    await form.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: 'Main Office', exact: true }).click();
    await form.getByRole('button', { name: 'Register', exact: true }).click();

    const shown = page.getByRole('dialog', { name: 'Kiosk registered' });
    await expect(shown).toContainText('Front desk tablet at Main Office is registered.');
    await expect(shown).toContainText('Shown only this once');
    await expect(shown).toContainText('it is shown only this once');
    const secret = await shown.getByRole('textbox', { name: 'Kiosk secret' }).inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(20);
    let serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '48-secret-shown-once');
    // The list has it, never its secret.
    await expect(panel.getByTestId('kiosk')).toHaveCount(1);
    await expect(panel.getByTestId('kiosk')).toContainText('Front desk tablet');
    await expect(panel.getByTestId('kiosk')).not.toContainText(secret);

    await shown.getByRole('button', { name: 'Open kiosk mode on this device' }).click();
    await expect(page).toHaveURL(/\/kiosk$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Main Office' })).toBeVisible();
    await expect(page.getByTestId('kiosk-name')).toHaveText('Front desk tablet');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), KIOSK_KEY)).toBe(secret);
    // The admin was signed out: the session is gone from the tablet and no longer works.
    expect(await page.evaluate(() => window.localStorage.getItem('timekeep.token'))).toBeNull();
    await apiCall(request, adminSession, 'GET', '/clock/status', { status: 401 });

    // --- The list: everyone of the company, out.
    const tile = (person, state) => page.getByRole('button', { name: new RegExp(`^${escape(person.firstname)} .+, ${state}$`) });
    await expect(tile(first, 'Out')).toBeVisible();
    await expect(tile(second, 'Out')).toBeVisible();
    serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '48-kiosk-list');

    // --- Employee 1: their name, Clock In, the PIN tapped on the pad.
    await tile(first, 'Out').click();
    const actions = page.getByTestId('kiosk-actions');
    await expect(actions).toContainText('You are not clocked in.');
    await actions.getByRole('button', { name: 'Clock In', exact: true }).click();
    const pad = page.getByRole('group', { name: 'Enter your PIN' });
    for (const digit of FIRST_PIN) await pad.getByRole('button', { name: digit, exact: true }).click();
    await expect(page.getByTestId('pin-dots').locator('[data-filled]')).toHaveCount(4);
    serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await pad.getByRole('button', { name: 'OK', exact: true }).click();
    const done = page.getByTestId('kiosk-done-text');
    await expect(done).toHaveText(new RegExp(`^${escape(first.firstname)} .+ — clocked in at \\d{1,2}:\\d{2} (AM|PM)$`));
    await expect(page.getByRole('status').filter({ has: done })).toBeVisible();
    await screenshot(page, '48-clocked-in');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(tile(first, 'In')).toBeVisible();

    // --- Employee 2: a wrong PIN first (typed on the keyboard), then the right one.
    await tile(second, 'Out').click();
    await page.getByTestId('kiosk-actions').getByRole('button', { name: 'Clock In', exact: true }).click();
    await expect(pad).toBeVisible();
    await page.keyboard.type('9157');
    await page.keyboard.press('Enter');
    const refusal = page.getByTestId('kiosk-pin-step').getByRole('alert');
    await expect(refusal).toContainText('That PIN is not right.');
    await expect(refusal).toContainText(/4 tries left/);
    await expect(page.getByTestId('pin-dots').locator('[data-filled]')).toHaveCount(0);
    serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '48-wrong-pin');
    await page.keyboard.type(SECOND_PIN);
    await page.keyboard.press('Enter');
    await expect(done).toHaveText(new RegExp(`^${escape(second.firstname)} .+ — clocked in at \\d{1,2}:\\d{2} (AM|PM)$`));
    // The success panel gives way to the list by itself.
    await expect(done).toHaveCount(0, { timeout: 10_000 });
    await expect(tile(first, 'In')).toBeVisible();
    await expect(tile(second, 'In')).toBeVisible();
    await screenshot(page, '48-both-in');

    // Every kiosk call carried the device's credential, never a session; each press had a key.
    expect(kioskCalls.length).toBeGreaterThan(0);
    for (const call of kioskCalls) expect(call.headers.authorization).toBe(`Kiosk ${secret}`);
    const presses = kioskCalls.filter((call) => call.path === '/kiosk/press');
    expect(presses.map((p) => [p.body.employeeId, p.body.action])).toEqual([
      [first.eid, 'start'],
      [second.eid, 'start'],
      [second.eid, 'start'],
    ]);
    for (const press of presses) expect(press.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // Both clocked in, their presses kept as the kiosk's.
    for (const token of [firstToken, secondToken]) {
      expect((await apiCall(request, token, 'GET', '/clock/status')).status).toBe(1);
      const [shift, ...others] = await shifts(request, token);
      expect(others).toEqual([]);
      expect(shift.history.find((h) => h.actionType === 'start')).toMatchObject({ source: 'kiosk' });
    }
    // The admin's list says when the kiosk was last used.
    const [kiosk] = await apiCall(request, adminToken, 'GET', '/kiosks');
    expect(kiosk).toMatchObject({ name: 'Front desk tablet', locationName: 'Main Office', revokedAt: null });
    expect(kiosk.lastUsedAt).not.toBeNull();

    // --- Leaving kiosk mode takes an admin's sign-in.
    await page.getByRole('button', { name: 'Leave kiosk mode' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave kiosk mode' });
    await leave.getByRole('textbox', { name: 'Admin e-mail' }).fill(admin.email);
    await leave.getByLabel('Password', { exact: true }).fill('not-the-password');
    await leave.getByRole('button', { name: 'Leave kiosk mode' }).click();
    await expect(leave.getByRole('alert')).toHaveText('That is not an admin of this company, or the password is wrong.');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), KIOSK_KEY)).toBe(secret);
    serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await leave.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await leave.getByRole('button', { name: 'Leave kiosk mode' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), KIOSK_KEY)).toBeNull();
    // No session was kept by leaving.
    expect(await page.evaluate(() => window.localStorage.getItem('timekeep.token'))).toBeNull();
    // The kiosk page now says how a device becomes one.
    await page.goto('/kiosk');
    await expect(page.getByTestId('kiosk-not-set')).toContainText('This device is not a kiosk. An admin registers kiosks under Settings → Kiosks.');
  } finally {
    await tablet.close();
  }
});
