// Journey 17: PTO Allocation (/admin/manage/batch-pto). An admin opens it from the HR Folders'
// 'Allocate PTO', sees each active person's plan with a field per type of it ('No PTO plan' with a
// way to set one up otherwise), finds that the fields take digits only, sets the starting balances
// of two people in one plan and saves: 'PTO information has been saved.', the API holds the minutes
// and the folder shows the starting balance. A manager has neither the button nor the page. The page
// stacks into cards on a phone; axe finds nothing serious. Names are fresh on every run.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot, uniqueWord } from '../support/journey.mjs';

/** Minutes as the folder shows hours: two decimals. */
const hours = (minutes) => (minutes / 60).toFixed(2);

async function logIn(page, email) {
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * A fresh payable type, a plan of it (80 hours a calendar year) for this year, two fresh people in
 * it and one fresh person without a plan.
 */
async function arrange(request, token) {
  const year = (await apiCall(request, token, 'GET', '/pto-manage/data')).currentYear;
  const type = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: `Allot ${uniqueWord()}` } });
  const person = async (firstname) => {
    const lastname = uniqueWord();
    const saved = await apiCall(request, token, 'POST', '/manage/add-user', {
      data: { firstname, lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee', startDate: `${year}-01-01` },
    });
    return { id: saved.employee.id, name: `${firstname} ${lastname}` };
  };
  const [ann, ben, cy] = [await person('Ann'), await person('Ben'), await person('Cy')];
  const plan = `Allotted ${uniqueWord()}`;
  await apiCall(request, token, 'POST', '/settings/save-pto-plan', {
    data: {
      name: plan,
      year,
      assignType: 'teamMembers',
      assignIds: [ann.id, ben.id],
      rules: [{ ptoTypeId: type.id, method: 'PER_CALENDAR_YEAR', rate: 80, rateUnit: 1, prorated: true }],
    },
  });
  return { year, type, plan, ann, ben, cy };
}

test('an admin sets starting balances for two people at once; a manager cannot', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const { year, type, plan, ann, ben, cy } = await arrange(request, token);
  const before = await apiCall(request, token, 'GET', '/pto-manage/allocation');
  expect(before).toMatchObject({ year, years: [year, year + 1] });
  expect(before.types.map((t) => t.id)).toContain(type.id);

  await logIn(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'HR Folders' }).click();
  await expect(page).toHaveURL(/\/admin\/manage$/);
  await page.getByTestId('toolbox').getByRole('link', { name: 'Allocate PTO' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/batch-pto$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PTO Allocation' })).toBeVisible();
  await expect(page).toHaveTitle('PTO Allocation | Timekeep');
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(year));

  const rows = page.getByTestId('allocation-row');
  const annRow = rows.filter({ hasText: ann.name });
  await expect(annRow).toContainText(plan);
  await expect(rows.filter({ hasText: ben.name })).toContainText(plan);
  // Without a plan: no fields, a link to the folder where PTO is set up.
  const cyRow = rows.filter({ hasText: cy.name });
  await expect(cyRow).toContainText('No PTO plan');
  await expect(cyRow.getByRole('textbox')).toHaveCount(0);
  await expect(cyRow.getByRole('link', { name: `Set up PTO for ${cy.name}` })).toHaveAttribute('href', `/admin/manage/view-user/${cy.id}`);
  // One field per type of the plan: the plan's other columns read '—'.
  await expect(annRow.getByRole('textbox')).toHaveCount(1);
  if (before.types.length > 1) await expect(annRow).toContainText('—');

  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const annField = page.getByRole('textbox', { name: `${type.name} hours for ${ann.name}` });
  const benField = page.getByRole('textbox', { name: `${type.name} hours for ${ben.name}` });
  await expect(annField).toHaveValue('');
  // Digits only (001 §5): a letter, a point, a minus never appear.
  await annField.pressSequentially('x.-');
  await expect(annField).toHaveValue('');
  await expect(save).toBeDisabled();
  await annField.fill('1e2');
  await expect(annField).toHaveValue('');
  await annField.pressSequentially('12');
  await benField.fill('30');
  await expect(annField).toHaveValue('12');
  await expect(benField).toHaveValue('30');
  await expect(save).toBeEnabled();
  expect(await seriousViolations(page), 'the allocation with changes').toEqual([]);

  await save.click();
  await expect(page.getByText('PTO information has been saved.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(annField).toHaveValue('12');
  await expect(benField).toHaveValue('30');
  await screenshot(page, '17-allocation-saved');

  // The server holds the minutes; each keeps their plan.
  for (const [who, minutes] of [[ann, 720], [ben, 1800]]) {
    const pto = await apiCall(request, token, 'GET', '/manage/employee-pto', { params: { id: who.id } });
    expect(pto.ptoPlanName).toBe(plan);
    expect(pto.types.find((row) => row.ptoTypeId === type.id).startingBalance).toBe(minutes);
  }
  const after = await apiCall(request, token, 'GET', '/pto-manage/allocation');
  expect(after.employees.find((row) => row.employeeId === ann.id).types).toEqual([{ ptoTypeId: type.id, startingBalance: 720 }]);

  // The page opens again with the stored values.
  await page.reload();
  await expect(annField).toHaveValue('12');
  await expect(benField).toHaveValue('30');

  // The folder: the plan, the balance the server computes, the starting balance in the history.
  const pto = await apiCall(request, token, 'GET', '/manage/employee-pto', { params: { id: ann.id } });
  await page.goto(`/admin/manage/view-user/${ann.id}`);
  const card = page.getByTestId('pto-card');
  await expect(card).toContainText(plan);
  await expect(card.getByTestId('pto-balance-row').filter({ hasText: type.name })).toContainText(`${hours(pto.types.find((row) => row.ptoTypeId === type.id).balance)} hrs`);
  await card.getByRole('button', { name: 'PTO History' }).click();
  const history = page.getByRole('dialog', { name: 'PTO History' });
  const entry = history.getByTestId('pto-history-entry').filter({ hasText: type.name });
  await expect(entry).toContainText(`+12.00 hrs ${type.name}`);
  await expect(entry).toContainText('Starting balance');
  await page.keyboard.press('Escape');

  // A manager: no 'Allocate PTO', and the page sends them home.
  const manager = await page.context().browser().newContext({ baseURL: new URL(page.url()).origin });
  const managerPage = await manager.newPage();
  await logIn(managerPage, DEMO.manager);
  await managerPage.goto('/admin/manage');
  await expect(managerPage.getByTestId('toolbox').getByRole('link', { name: 'Add', exact: true })).toBeVisible();
  await expect(managerPage.getByRole('link', { name: 'Allocate PTO' })).toHaveCount(0);
  await managerPage.goto('/admin/manage/batch-pto');
  await expect(managerPage).toHaveURL(/\/admin\/dashboard$/);
  const { token: managerToken } = await loginByApi(request, DEMO.manager);
  await apiCall(request, managerToken, 'GET', '/pto-manage/allocation', { status: 403 });
  await manager.close();
});

test('PTO Allocation stacks into cards on a phone', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const { type, plan, ann, ben } = await arrange(request, token);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, DEMO.admin);
  await page.goto('/admin/manage');
  const allocate = page.getByTestId('toolbox').getByRole('link', { name: 'Allocate PTO' });
  await expect(allocate).toBeVisible();
  // The toolbox's labels are whole on a phone (none cut to 'Allocate P…').
  for (const name of ['Add', 'Add Multiple', 'Allocate PTO']) {
    const label = page.getByTestId('toolbox').getByRole('link', { name, exact: true }).locator('.mantine-Button-label');
    expect(await label.evaluate((el) => el.scrollWidth - el.clientWidth), name).toBeLessThanOrEqual(0);
  }
  await screenshot(page, '17-hr-folders-phone');
  await allocate.click();
  await expect(page.getByRole('heading', { level: 1, name: 'PTO Allocation' })).toBeVisible();
  await expect(page.getByTestId('allocation-cards')).toBeVisible();
  await expect(page.getByTestId('allocation-table')).toHaveCount(0);
  const annCard = page.getByTestId('allocation-row').filter({ hasText: ann.name });
  await expect(annCard).toContainText(plan);
  const annField = annCard.getByRole('textbox', { name: `${type.name} hours for ${ann.name}` });
  await annField.pressSequentially('8a');
  await expect(annField).toHaveValue('8');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), 'the allocation on a phone').toEqual([]);
  await screenshot(page, '17-allocation-phone');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PTO information has been saved.')).toBeVisible();
  const pto = await apiCall(request, token, 'GET', '/manage/employee-pto', { params: { id: ann.id } });
  expect(pto.types.find((row) => row.ptoTypeId === type.id).startingBalance).toBe(480);
  // Ben's field was left alone: nothing was set for him.
  const untouched = await apiCall(request, token, 'GET', '/pto-manage/allocation');
  expect(untouched.employees.find((row) => row.employeeId === ben.id).types).toEqual([{ ptoTypeId: type.id, startingBalance: null }]);
  // Cancel goes back to the HR Folders.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/manage$/);
});
