// Journey 47 (issue 40): work locations hold a person's presses to a place.
//
// - The admin keeps a location 'Main Office' with a geofence in block mode (through the API) and
//   holds the employee to it. On the employee's phone (the position allowed), the clock says under
//   the card what is checked and kept, and every press sends a fresh position.
// - About 1 km away, Clock In is refused with the server's message ('… outside Main Office …'): the
//   person stays clocked out, and nothing waits on the phone.
// - At the office, Clock In goes through. Walking away again, Clock Out is never refused for its
//   place: it is recorded and flagged, and the timesheet marks the shift 'Flagged' with the reason,
//   for the employee and for the admin looking at their week.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const OFFICE = { latitude: 40, longitude: -75 };
/** About 1 km north of the office (0.009° of latitude), a good fix. */
const AWAY = { latitude: 40.009, longitude: -75, accuracy: 20 };
/** About 22 m from the office's centre, well inside its 150 m. */
const AT_THE_OFFICE = { latitude: 40.0002, longitude: -75, accuracy: 15 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PRIVACY_NOTE =
  'Your presses are checked against Main Office. With each press we keep your position (if you allow it) and network address for a limited time, then only whether you were inside.';

/** 'YYYY-MM-DD' of `date` on the company's calendar. */
const companyDay = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date);

/** The shifts of `token`'s person of yesterday and today (API). */
async function shifts(request, token) {
  const params = { start: companyDay(new Date(Date.now() - 86_400_000)), end: companyDay(new Date()) };
  return (await apiCall(request, token, 'GET', '/timesheet/list', { params })).entries;
}

/** Every press the page sends to /clock/*: its path and JSON body (null without one). */
function watchPresses(page) {
  const presses = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || !url.pathname.startsWith('/server/v1/clock/')) return;
    presses.push({ path: url.pathname.replace('/server/v1', ''), body: request.postData() ? request.postDataJSON() : null });
  });
  return presses;
}

test('a geofence in block mode: refused 1 km away, clocked in at the office, a clock-out away flagged on the timesheet', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await signUpVerifiedByApi(request, 'geofence-owner', PASSWORD);
  const employee = await invitedEmployee(request, admin.email, 'geofence-1', PASSWORD);
  const { token: adminToken } = await loginByApi(request, admin.email, PASSWORD);
  const { token } = await loginByApi(request, employee.email, PASSWORD);

  // --- The admin keeps the office, with a geofence that blocks a clock-in outside it.
  const office = await apiCall(request, adminToken, 'POST', '/locations/save', {
    data: { name: 'Main Office', ...OFFICE, geofenceMode: 'block' },
  });
  expect(office).toMatchObject({ name: 'Main Office', latitude: 40, longitude: -75, radiusM: 150, geofenceMode: 'block' });
  const held = await apiCall(request, adminToken, 'POST', '/locations/people', { params: { id: office.id }, data: { add: [employee.eid] } });
  expect(held.people).toEqual([employee.eid]);
  expect(await apiCall(request, token, 'GET', '/clock/status')).toMatchObject({ workLocations: ['Main Office'], asksPosition: true });

  // --- The employee's phone, the position allowed, about 1 km away.
  const phone = await browser.newContext({ ...PHONE, permissions: ['geolocation'], geolocation: AWAY });
  const page = await phone.newPage();
  const presses = watchPresses(page);
  try {
    await page.goto('/login');
    await fillLogin(page, employee.email, PASSWORD);
    await expect(page).toHaveURL(/\/clockin$/);
    const card = page.getByTestId('clock-card');
    await expect(card.getByTestId('clock-state')).toHaveText('Not clocked in');
    // What is checked and kept, under the card.
    const note = page.getByTestId('clock-privacy-note');
    await expect(note).toHaveText(PRIVACY_NOTE);
    await expect(note).toBeVisible();

    // Refused where the person is, with the server's message.
    await card.getByRole('button', { name: 'Clock In', exact: true }).click();
    const refusal = card.getByRole('alert');
    await expect(refusal).toContainText('Clock-in refused');
    await expect(refusal).toContainText(/You are [\d,]+ m outside Main Office/);
    await expect(refusal).not.toContainText('Sorry');
    await expect(card.getByTestId('clock-state')).toHaveText('Not clocked in');
    await expect(card.getByRole('button', { name: 'Clock In', exact: true })).toBeEnabled();
    await expect(card.getByTestId('outbox')).toHaveCount(0);
    expect(presses).toHaveLength(1);
    expect(presses[0].path).toBe('/clock/start');
    expect(presses[0].body.position).toMatchObject({ latitude: AWAY.latitude, longitude: AWAY.longitude, accuracy: AWAY.accuracy });
    // A fresh fix, taken at the press.
    expect(Math.abs(Date.parse(presses[0].body.position.takenAt) - Date.now())).toBeLessThan(60_000);
    let serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '47-refused-away');
    expect((await apiCall(request, token, 'GET', '/clock/status')).status).toBe(0);
    expect(await shifts(request, token)).toEqual([]);

    // --- At the office: clocked in, and the refusal is gone.
    await phone.setGeolocation(AT_THE_OFFICE);
    await card.getByRole('button', { name: 'Clock In', exact: true }).click();
    await expect(card.getByTestId('clock-state')).toHaveText('Clocked in');
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(note).toHaveText(PRIVACY_NOTE);
    expect(presses[1].body.position).toMatchObject({ latitude: AT_THE_OFFICE.latitude, longitude: AT_THE_OFFICE.longitude });
    await screenshot(page, '47-clocked-in-at-the-office');

    // --- Away again: a clock-out is never refused for its place, it is flagged.
    await page.waitForTimeout(1_100);
    await phone.setGeolocation(AWAY);
    await card.getByRole('button', { name: 'Clock Out', exact: true }).click();
    await expect(card.getByTestId('clock-state')).toHaveText('Clocked out');
    expect(presses[2].path).toMatch(/^\/clock\/end$/);
    expect(presses[2].body.position).toMatchObject({ latitude: AWAY.latitude });

    const [shift, ...others] = await shifts(request, token);
    expect(others).toEqual([]);
    const byAction = Object.fromEntries(shift.history.map((h) => [h.actionType, h]));
    expect(byAction.start).toMatchObject({ source: 'web', placeFlag: null });
    expect(byAction.end.source).toBe('web');
    expect(byAction.end.placeFlag).toMatch(/outside Main Office/);

    // The timesheet marks the shift, and its details say which press and why.
    await page.goto('/timesheet');
    const row = page.getByTestId('timesheet-row');
    await expect(row).toHaveCount(1);
    const flagged = row.getByTestId('flagged-badge');
    await expect(flagged).toHaveText('Flagged');
    await expect(flagged).toHaveAccessibleName(/^Flagged: Clock Out at \d{2}:\d{2} (AM|PM): .*outside Main Office/);
    await row.getByTestId(`row-actions-${shift.id}`).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const flaggedPress = page.getByTestId('details-press').filter({ has: page.getByTestId('press-flagged') });
    await expect(flaggedPress).toHaveCount(1);
    await expect(flaggedPress).toContainText('Clock Out');
    await expect(flaggedPress.getByTestId('press-flag-reason')).toHaveText(byAction.end.placeFlag);
    serious = await seriousViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(page, '47-flagged-details');
  } finally {
    await phone.close();
  }

  // --- The admin looking at the employee's week sees the same marker.
  const desk = await browser.newContext();
  const deskPage = await desk.newPage();
  try {
    await deskPage.goto('/login');
    await fillLogin(deskPage, admin.email, PASSWORD);
    await expect(deskPage).toHaveURL(/\/admin\/dashboard$/);
    // This week of the employee's timesheet (the shift is today's).
    await deskPage.goto(`/timesheet/employee/${employee.eid}`);
    const row = deskPage.getByTestId('timesheet-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('flagged-badge')).toHaveAccessibleName(/outside Main Office/);
    const serious = await seriousViolations(deskPage);
    expect(serious, serious.join('\n')).toEqual([]);
    await screenshot(deskPage, '47-admin-sees-flag');
  } finally {
    await desk.close();
  }
});
