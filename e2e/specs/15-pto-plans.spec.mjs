// Journey 15: PTO plans (issue 18). An admin runs the plan wizard on /admin/ptomanage (name and
// types, year, an accrued rule with its checks, assignment by job role, recap), sees the plan's
// card with its enrolled people, and the API agrees; a plan nobody is in can be deleted, one with
// people cannot. The page works on a phone; axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, uniqueWord } from '../support/journey.mjs';

test('an admin creates a plan in the wizard and assigns it by job role', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const role = await apiCall(request, token, 'POST', '/settings/update-role-type', { data: { name: `Role ${uniqueWord()}` } });
  const lastname = uniqueWord();
  await apiCall(request, token, 'POST', '/manage/add-user', {
    data: { firstname: 'Ray', lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee', jobroleId: role.id },
  });
  const type = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: `Sick ${uniqueWord()}` } });
  const name = `Accrual ${uniqueWord()}`;

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'PTO' }).click();
  await expect(page).toHaveURL(/\/admin\/ptomanage$/);
  await page.getByRole('button', { name: '+ Create New PTO Plan' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New PTO Plan' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Please input the Name')).toBeVisible();
  await wizard.getByRole('textbox', { name: 'Plan name' }).fill(name);
  await wizard.getByRole('checkbox', { name: type.name }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  // One type: straight to its rule.
  await wizard.getByRole('radio', { name: 'Accrued per hours clocked' }).check();
  await wizard.getByRole('textbox', { name: 'Hours', exact: true }).fill('1');
  await wizard.getByRole('button', { name: `Done with ${type.name}` }).click();
  await expect(wizard.getByText('Please input a whole number above 0')).toBeVisible();
  await wizard.getByRole('textbox', { name: 'For every (worked hours)' }).fill('30');
  expect(await seriousViolations(page), 'the rule step').toEqual([]);
  await wizard.getByRole('button', { name: `Done with ${type.name}` }).click();
  await expect(wizard.getByTestId('wizard-rule')).toContainText('Done');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: 'By job role' }).check();
  await wizard.getByRole('combobox', { name: 'Job roles' }).click();
  await page.getByRole('option', { name: role.name }).click();
  await page.keyboard.press('Escape');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByTestId('wizard-recap')).toContainText('1 hrs per 30 worked hours');
  expect(await seriousViolations(page), 'the recap').toEqual([]);
  await wizard.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('PTO plan has been saved.')).toBeVisible();

  const card = page.getByTestId('pto-plan').filter({ hasText: name });
  await expect(card).toContainText('Accrued');
  await expect(card).toContainText(': 1 enrolled');
  const data = await apiCall(request, token, 'GET', '/pto-manage/data');
  const plan = data.ptoPolicies.find((p) => p.name === name);
  expect(plan.rules[0]).toMatchObject({ method: 'PER_HOUR_WORKED', rate: 1, rateUnit: 30, ptoTypeId: type.id });
  expect(plan.enrolledEmployeeCount).toBe(1);
  // A plan with people in it keeps its Delete disabled.
  await expect(card.getByRole('button', { name: `Delete ${name}` })).toBeDisabled();
  expect(await seriousViolations(page), 'the PTO page').toEqual([]);

  // The edit panel: a new name, a higher rate, and one more person for this year.
  const other = uniqueWord();
  await apiCall(request, token, 'POST', '/manage/add-user', {
    data: { firstname: 'Zed', lastname: other, email: `e2e-${other.toLowerCase()}@example.com`, permission: 'employee' },
  });
  await page.reload();
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const dock = page.getByRole('dialog', { name: 'Edit PTO Plan' });
  await expect(dock.getByTestId('plan-enrolled')).toContainText(`Ray ${lastname}`);
  await dock.getByRole('textbox', { name: 'Plan name' }).fill(`${name} 2`);
  await dock.getByRole('button', { name: `Edit the rule of ${type.name}` }).click();
  await dock.getByRole('textbox', { name: 'Hours', exact: true }).fill('1.5');
  await dock.getByRole('button', { name: `Done with ${type.name}` }).click();
  await dock.getByRole('combobox', { name: 'Add people for this year' }).fill(`Zed ${other}`);
  await page.getByRole('option', { name: `Zed ${other}` }).click();
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page), 'the edit panel').toEqual([]);
  await dock.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByTestId('pto-plan').filter({ hasText: `${name} 2` });
  await expect(renamed).toContainText('1.5 hrs per 30 worked hours');
  await expect(renamed).toContainText(': 2 enrolled');
  const edited = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.find((p) => p.name === `${name} 2`);
  expect(edited.rules[0].rate).toBe(1.5);
  expect(edited.enrolledEmployeeCount).toBe(2);
});

test('a plan nobody is in is deleted after the confirmation; the page fits a phone', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const data = await apiCall(request, token, 'GET', '/pto-manage/data');
  const type = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: `Leave ${uniqueWord()}` } });
  const name = `Empty ${uniqueWord()}`;
  await apiCall(request, token, 'POST', '/settings/save-pto-plan', {
    data: { name, year: data.currentYear + 1, assignType: 'none', rules: [{ ptoTypeId: type.id, method: 'PER_CALENDAR_YEAR', rate: 40, rateUnit: 1 }] },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/ptomanage');
  const card = page.getByTestId('pto-plan').filter({ hasText: name });
  await expect(card).toContainText('Nobody enrolled yet');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('pto-plan').filter({ hasText: name })).toHaveCount(0);
  const left = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.map((p) => p.name);
  expect(left).not.toContain(name);
});
