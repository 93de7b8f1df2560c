// Journey 16: paid holidays. An admin opens /admin/manage/holidays, picks next year (empty: the
// warning offers the default holidays), creates the US federal holidays, adds a holiday in the
// 'Paid Holiday' panel (the empty form is refused first), renames it and deletes it after the
// confirmation; the API agrees at each step. In an employee's folder the 'Holidays' tile opens the
// dock, where the admin gives one holiday 4 hours instead of 8 and the tile's total follows. A
// manager reads the holidays without the admin's actions; /admin/ptomanage shows them on a phone.
// axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, uniqueWord } from '../support/journey.mjs';

/** 'YYYY-MM-DD' as the screens show holidays, like every date: MM/DD/YYYY (issue 36). */
const shown = (isoDate) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;

/** The company's current year and the years the screens offer (current − 1 .. current + 3). */
async function holidayYears(request, token) {
  const { year, years } = await apiCall(request, token, 'GET', '/holiday/list');
  return { current: year, years };
}

/** Arranges an empty year, so the journey also passes when run again on the same database. */
async function emptyYear(request, token, year) {
  const { holidays } = await apiCall(request, token, 'GET', '/holiday/list', { params: { year } });
  for (const holiday of holidays) await apiCall(request, token, 'POST', '/holiday/delete', { data: { id: holiday.id, year } });
}

async function logIn(page, email) {
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('an admin keeps the paid holidays of a year; a manager reads them', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const { current, years } = await holidayYears(request, token);
  expect(years).toEqual([current - 1, current, current + 1, current + 2, current + 3]);
  const next = current + 1;
  await emptyYear(request, token, next);

  await logIn(page, DEMO.admin);
  await page.goto('/admin/manage/holidays');
  await expect(page.getByRole('heading', { level: 1, name: 'Paid Holidays' })).toBeVisible();
  await expect(page.getByText('We add 8 payable hours to everyone per holiday.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(next), exact: true }).click();
  await expect(page.getByText(`No paid holidays for ${next} yet.`)).toBeVisible();
  expect(await seriousViolations(page), 'an empty year').toEqual([]);

  await page.getByRole('button', { name: 'Add the default holidays' }).click();
  const cards = page.getByTestId('paid-holiday');
  await expect(cards.filter({ hasText: 'Independence Day' })).toBeVisible();
  await expect(cards.filter({ hasText: 'Thanksgiving Day' })).toBeVisible();
  const defaults = (await apiCall(request, token, 'GET', '/holiday/list', { params: { year: next } })).holidays;
  await expect(cards).toHaveCount(defaults.length);
  // Each card shows its date MM/DD/YYYY, in the server's order (by date).
  const thanksgiving = defaults.find((h) => h.name.startsWith('Thanksgiving Day'));
  await expect(cards.filter({ hasText: 'Thanksgiving Day' })).toContainText(shown(thanksgiving.holiday));
  expect(await seriousViolations(page), 'the default holidays').toEqual([]);

  // Add one through the panel: the empty form is refused first.
  await page.getByRole('button', { name: '+ Add Paid Holiday' }).click();
  const dock = page.getByRole('dialog', { name: 'Paid Holiday' });
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(dock.getByText('Please input the Holiday name')).toBeVisible();
  await expect(dock.getByText('Please input the Holiday date')).toBeVisible();
  const name = `Founders Day ${uniqueWord()}`;
  await dock.getByRole('textbox', { name: 'Holiday name' }).fill(name);
  // A day the defaults already took: the server says so under 'Oh Snap!'.
  await dock.getByRole('textbox', { name: 'Holiday date' }).fill(shown(thanksgiving.holiday));
  await dock.getByRole('textbox', { name: 'Holiday name' }).click();
  await dock.getByRole('button', { name: 'Save' }).click();
  const snap = dock.getByRole('alert');
  await expect(snap).toContainText('Oh Snap!');
  await expect(snap).toContainText('There is already a paid holiday on this date');
  // September 14th is no federal holiday's observed day in any year.
  await dock.getByRole('textbox', { name: 'Holiday date' }).fill(`09/14/${next}`);
  await dock.getByRole('textbox', { name: 'Holiday name' }).click();
  expect(await seriousViolations(page), 'the Paid Holiday panel').toEqual([]);
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(dock).toBeHidden();
  const card = cards.filter({ hasText: name });
  await expect(card).toContainText(`09/14/${next}`);
  const added = (await apiCall(request, token, 'GET', '/holiday/list', { params: { year: next } })).holidays.find((h) => h.name === name);
  expect(added).toMatchObject({ holiday: `${next}-09-14`, year: next });

  // Edit: another name, the same day.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dock.getByRole('textbox', { name: 'Holiday date' })).toHaveValue(`09/14/${next}`);
  await dock.getByRole('textbox', { name: 'Holiday name' }).fill(`${name} Eve`);
  await dock.getByRole('button', { name: 'Save' }).click();
  const renamed = cards.filter({ hasText: `${name} Eve` });
  await expect(renamed).toContainText(`09/14/${next}`);
  expect(await apiCall(request, token, 'GET', '/holiday/get', { params: { id: added.id } })).toMatchObject({ name: `${name} Eve`, holiday: `${next}-09-14` });

  // A manager reads the holidays, without the actions.
  const manager = await page.context().browser().newContext({ baseURL: new URL(page.url()).origin });
  const managerPage = await manager.newPage();
  await logIn(managerPage, DEMO.manager);
  await managerPage.goto('/admin/manage/holidays');
  await managerPage.getByRole('combobox', { name: 'Year' }).click();
  await managerPage.getByRole('option', { name: String(next), exact: true }).click();
  await expect(managerPage.getByTestId('paid-holiday').filter({ hasText: `${name} Eve` })).toBeVisible();
  await expect(managerPage.getByRole('button', { name: '+ Add Paid Holiday' })).toHaveCount(0);
  await expect(managerPage.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  expect(await seriousViolations(managerPage), "the manager's holidays").toEqual([]);
  await manager.close();

  // Delete after the confirmation.
  await renamed.getByRole('button', { name: `Delete ${name} Eve` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Once you do this there's no going back!");
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards.filter({ hasText: name })).toHaveCount(0);
  await expect(cards).toHaveCount(defaults.length);
  await apiCall(request, token, 'GET', '/holiday/get', { params: { id: added.id }, status: 404 });
});

test("an admin gives an employee 4 hours for one holiday in the folder's Holidays dock", async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const { current } = await holidayYears(request, token);
  // This year has its federal holidays (days that already have one are skipped).
  const { holidays } = await apiCall(request, token, 'POST', '/holiday/create-defaults', { params: { year: current } });
  const lastname = uniqueWord();
  const saved = await apiCall(request, token, 'POST', '/manage/add-user', {
    data: { firstname: 'Hope', lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee', startDate: `${current}-01-01` },
  });
  const id = saved.employee.id;
  const before = await apiCall(request, token, 'GET', '/holiday/list-for-employee', { params: { employeeId: id } });
  expect(before.holidays).toHaveLength(holidays.length);
  expect(before.totalHours).toBe(8 * holidays.length);
  const holiday = before.holidays.find((h) => h.name.startsWith('Independence Day'));

  await logIn(page, DEMO.admin);
  await page.goto(`/admin/manage/view-user/${id}`);
  const tile = page.getByTestId('holidays-tile');
  await expect(tile.getByTestId('holidays-total')).toHaveText(`${before.totalHours} hrs`);
  await tile.click();
  const dock = page.getByRole('dialog', { name: 'Holidays' });
  await expect(dock.getByTestId('holiday-hours-row')).toHaveCount(holidays.length);
  await expect(dock.getByTestId('holiday-hours-row').filter({ hasText: holiday.name })).toContainText(shown(holiday.holiday));
  const hours = dock.getByRole('textbox', { name: `Hours for ${holiday.name}` });
  await expect(hours).toHaveValue('8');
  await hours.fill('25');
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(dock.getByText('Please input the hours, from 0 to 24 with at most two decimals')).toBeVisible();
  await hours.fill('4');
  expect(await seriousViolations(page), 'the Holidays dock').toEqual([]);
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Holiday hours has been saved.')).toBeVisible();
  await expect(dock).toBeHidden();
  await expect(tile.getByTestId('holidays-total')).toHaveText(`${before.totalHours - 4} hrs`);

  // The server holds what the screen shows.
  const after = await apiCall(request, token, 'GET', '/holiday/list-for-employee', { params: { employeeId: id } });
  expect(after.totalHours).toBe(before.totalHours - 4);
  expect(after.holidays.find((h) => h.holidayId === holiday.holidayId).hours).toBe(4);
  await tile.click();
  await expect(hours).toHaveValue('4');
  await page.keyboard.press('Escape');

  // The admin's own folder: hours are read, never changed (nobody changes their own).
  const { claims } = await loginByApi(request, DEMO.admin);
  await page.goto(`/admin/manage/view-user/${claims.eid}`);
  await page.getByTestId('holidays-tile').click();
  const own = page.getByRole('dialog', { name: 'Holidays' });
  await expect(own.getByTestId('holiday-hours-row').first()).toBeVisible();
  await expect(own.getByRole('textbox')).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('the paid holidays of /admin/ptomanage stack on a phone', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const { current } = await holidayYears(request, token);
  await apiCall(request, token, 'POST', '/holiday/create-defaults', { params: { year: current } });
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, DEMO.admin);
  await page.goto('/admin/ptomanage');
  const section = page.getByTestId('paid-holidays');
  await expect(section.getByRole('heading', { name: 'Paid Holidays' })).toBeVisible();
  const cards = section.getByTestId('paid-holiday');
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  // One card a row: the second sits under the first, as wide.
  expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
  expect(Math.round(second.x)).toBe(Math.round(first.x));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section.getByRole('button', { name: '+ Add Paid Holiday' }).click();
  await expect(page.getByRole('dialog', { name: 'Paid Holiday' })).toBeVisible();
  await expect(page.getByTestId('paid-holiday-dock')).toHaveAttribute('data-width', 'full');
  expect(await seriousViolations(page), 'the holidays on a phone').toEqual([]);
});
