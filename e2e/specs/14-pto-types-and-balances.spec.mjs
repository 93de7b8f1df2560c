// Journey 14: PTO types (issue 18). An admin creates a custom type with a job role's own yearly
// allowance in the 'PTO Type' panel, edits it and deletes it; the API answers the same as the
// screen; a manager sees the types without the admin's actions. In an employee's folder the PTO
// card shows the engine's balance; an admin adds PTO by hand and removes it from the history.
// axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, uniqueWord } from '../support/journey.mjs';

test('an admin keeps the PTO types, a manager reads them', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const role = await apiCall(request, token, 'POST', '/settings/update-role-type', { data: { name: `Producer ${uniqueWord()}` } });
  const name = `Vacation ${uniqueWord()}`;

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/manage/settings?tab=2');
  await expect(page.getByRole('tab', { name: 'PTO Types', selected: true })).toBeVisible();

  await page.getByRole('button', { name: 'Create Custom Type' }).click();
  const dock = page.getByRole('dialog', { name: 'PTO Type' });
  await dock.getByRole('textbox', { name: 'Name' }).fill(name);
  await dock.getByRole('button', { name: '+ Add a job role' }).click();
  await dock.getByLabel('Job role 1', { exact: true }).click();
  await page.getByRole('option', { name: role.name }).click();
  await dock.getByRole('textbox', { name: 'Hours a year 1' }).fill('ten');
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(dock.getByText('Please input the hours a year, a number with at most two decimals')).toBeVisible();
  await dock.getByRole('textbox', { name: 'Hours a year 1' }).fill('120.5');
  expect(await seriousViolations(page), 'the PTO Type panel').toEqual([]);
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PTO type has been saved.')).toBeVisible();
  await expect(dock).toBeHidden();
  const card = page.getByTestId('pto-type').filter({ hasText: name });
  await expect(card).toContainText(`${role.name}: 120.5 hrs/year`);
  expect(await seriousViolations(page), 'the PTO Types tab').toEqual([]);

  // The server holds what the screen shows.
  const saved = (await apiCall(request, token, 'GET', '/settings/data')).ptotypes.find((t) => t.name === name);
  expect(saved).toMatchObject({ payable: 1, available: 0, overrides: [{ jobroleId: role.id, hours: 120.5 }] });

  // Edit: another name, no allowance.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await dock.getByRole('textbox', { name: 'Name' }).fill(`${name} Days`);
  await dock.getByRole('button', { name: 'Remove allowance 1' }).click();
  await dock.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByTestId('pto-type').filter({ hasText: `${name} Days` });
  await expect(renamed).toBeVisible();
  await expect(renamed).not.toContainText('hrs/year');

  // A manager sees the types, not the actions.
  const manager = await page.context().browser().newContext({ baseURL: new URL(page.url()).origin });
  const managerPage = await manager.newPage();
  await managerPage.goto('/login');
  await fillLogin(managerPage, DEMO.manager, DEMO_PASSWORD);
  await expect(managerPage).toHaveURL(/\/admin\/dashboard$/);
  await managerPage.goto('/admin/manage/settings?tab=2');
  await expect(managerPage.getByTestId('pto-type').filter({ hasText: `${name} Days` })).toBeVisible();
  await expect(managerPage.getByRole('button', { name: 'Create Custom Type' })).toHaveCount(0);
  await manager.close();

  // Delete after the confirmation.
  await renamed.getByRole('button', { name: `Delete ${name} Days` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Once you do this there's no going back!");
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('pto-type').filter({ hasText: `${name} Days` })).toHaveCount(0);
  const left = (await apiCall(request, token, 'GET', '/settings/data')).ptotypes.map((t) => t.name);
  expect(left).not.toContain(`${name} Days`);
});

test("an employee's folder shows the engine's balance; an admin adds PTO by hand and removes it", async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const year = (await apiCall(request, token, 'GET', '/pto-manage/data')).currentYear;
  const type = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: `Vacation ${uniqueWord()}` } });
  const lastname = uniqueWord();
  const saved = await apiCall(request, token, 'POST', '/manage/add-user', {
    data: { firstname: 'Nora', lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee', startDate: `${year}-01-01` },
  });
  const id = saved.employee.id;
  await apiCall(request, token, 'POST', '/settings/save-pto-plan', {
    data: {
      name: `Plan ${uniqueWord()}`,
      year,
      assignType: 'teamMembers',
      assignIds: [id],
      rules: [{ ptoTypeId: type.id, method: 'PER_CALENDAR_YEAR', rate: 80, rateUnit: 1, prorated: true }],
    },
  });

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/manage/view-user/${id}`);
  const card = page.getByTestId('pto-card');
  const row = card.getByTestId('pto-balance-row').filter({ hasText: type.name });
  await expect(row).toContainText('80.00 hrs');

  await card.getByRole('button', { name: 'Manually Add PTO' }).click();
  const modal = page.getByRole('dialog', { name: 'Manually Add PTO' });
  await modal.getByRole('combobox', { name: 'PTO Type' }).click();
  await page.getByRole('option', { name: type.name }).click();
  await modal.getByRole('textbox', { name: 'Hours' }).fill('12.5.3');
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(modal.getByText(/^Please input a number of hours other than 0/)).toBeVisible();
  await modal.getByRole('textbox', { name: 'Hours' }).fill('2.5');
  expect(await seriousViolations(page), 'the Manually Add PTO modal').toEqual([]);
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('PTO information has been saved.')).toBeVisible();
  await expect(row).toContainText('82.50 hrs');
  // The server's figure is the screen's.
  const pto = await apiCall(request, token, 'GET', '/manage/employee-pto', { params: { id } });
  expect(pto.types.find((t) => t.ptoTypeId === type.id).balance).toBe(4950);

  await card.getByRole('button', { name: 'PTO History' }).click();
  const dock = page.getByRole('dialog', { name: 'PTO History' });
  await expect(dock.getByTestId('pto-history-entry')).toContainText(`+2.50 hrs ${type.name}`);
  expect(await seriousViolations(page), 'the PTO History dock').toEqual([]);
  await dock.getByRole('button', { name: `Remove 2.50 hrs ${type.name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(dock.getByTestId('pto-history-entry')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(row).toContainText('80.00 hrs');
});

test("an admin sets up an employee's plan with starting balances, copies it, switches plan and undoes the switch", async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const year = (await apiCall(request, token, 'GET', '/pto-manage/data')).currentYear;
  const type = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: `Leave ${uniqueWord()}` } });
  const person = async () => {
    const lastname = uniqueWord();
    const saved = await apiCall(request, token, 'POST', '/manage/add-user', {
      data: { firstname: 'Iris', lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee', startDate: `${year}-01-01` },
    });
    return { id: saved.employee.id, name: `Iris ${lastname}` };
  };
  const [first, second] = [await person(), await person()];
  const rule = { ptoTypeId: type.id, method: 'PER_CALENDAR_YEAR', rate: 80, rateUnit: 1, prorated: true };
  const standard = `Standard ${uniqueWord()}`;
  const generous = `Generous ${uniqueWord()}`;
  await apiCall(request, token, 'POST', '/settings/save-pto-plan', { data: { name: standard, year, assignType: 'none', rules: [rule] } });
  await apiCall(request, token, 'POST', '/settings/save-pto-plan', { data: { name: generous, year, assignType: 'none', rules: [{ ...rule, rate: 120 }] } });

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/manage/view-user/${first.id}`);
  const card = page.getByTestId('pto-card');
  await expect(card).toContainText('PTO is not set up.');
  await card.getByRole('button', { name: 'Setup' }).click();
  const dock = page.getByRole('dialog', { name: 'PTO', exact: true });
  await dock.getByRole('combobox', { name: 'PTO Plan' }).click();
  await page.getByRole('option', { name: standard }).click();
  await dock.getByRole('textbox', { name: `Starting balance of ${type.name}` }).fill('ten');
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(dock.getByText('Please input a number of hours, e.g. 12.5')).toBeVisible();
  await dock.getByRole('textbox', { name: `Starting balance of ${type.name}` }).fill('12.5');
  await dock.getByRole('combobox', { name: 'Copy the same set-up to' }).fill(second.name);
  await page.getByRole('option', { name: second.name }).click();
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page), 'the PTO set-up dock').toEqual([]);
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PTO information has been saved.')).toBeVisible();
  await expect(card).toContainText(standard);
  const copied = await apiCall(request, token, 'GET', '/manage/employee-pto', { params: { id: second.id } });
  expect(copied.ptoPlanName).toBe(standard);
  expect(copied.types[0].startingBalance).toBe(750);

  // Switch to the generous plan with a starting balance, then undo the switch from the history.
  await card.getByRole('button', { name: 'Edit PTO' }).click();
  await dock.getByRole('combobox', { name: 'PTO Plan' }).click();
  await page.getByRole('option', { name: generous }).click();
  await dock.getByRole('textbox', { name: `Starting balance of ${type.name}` }).fill('5');
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText(generous);
  await card.getByRole('button', { name: 'PTO History' }).click();
  const history = page.getByRole('dialog', { name: 'PTO History' });
  await expect(history.getByTestId('pto-history-entry')).toHaveCount(2);
  await history.getByRole('button', { name: `Remove 5.00 hrs ${type.name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(history.getByTestId('pto-history-entry')).toHaveCount(1);
  await expect(history.getByTestId('pto-history-entry')).toContainText(`+12.50 hrs ${type.name}`);
  const undone = await apiCall(request, token, 'GET', '/manage/employee-pto', { params: { id: first.id } });
  expect(undone.ptoPlanName).toBe(standard);
  await page.keyboard.press('Escape');
  await expect(card).toContainText(standard);
});
