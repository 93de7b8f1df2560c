// Journey 15: PTO plans (issue 18). An admin runs the plan wizard on /admin/ptomanage (name and
// types, year, an accrued rule with its checks, assignment by job role, a starting balance for
// the person without a plan, recap), sees the plan's card with its enrolled people, and the API
// and the folder agree on the balance; the edit panel changes the rule (the folder's PTO history
// says so), adds someone (the starting-balance modal, skipped) and takes them off again; a plan
// nobody is in can be deleted, one with people cannot. The page works on a phone; axe finds
// nothing serious.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, uniqueWord } from '../support/journey.mjs';

test('an admin creates a plan in the wizard and assigns it by job role', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const role = await apiCall(request, token, 'POST', '/settings/update-role-type', { data: { name: `Role ${uniqueWord()}` } });
  const lastname = uniqueWord();
  const ray = await apiCall(request, token, 'POST', '/manage/add-user', {
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
  // Step 10: Ray has no plan yet; he starts this one with 5 hours.
  await expect(wizard.getByText('People without a plan')).toBeVisible();
  const starting = wizard.getByRole('textbox', { name: `${type.name} starting balance for Ray ${lastname}` });
  await starting.fill('five');
  await expect(wizard.getByText('Please input a number of hours, e.g. 12.5')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await starting.fill('5');
  expect(await seriousViolations(page), 'the balances step').toEqual([]);
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
  // Ray's balance is the 5 hours given, in the API and in his folder.
  const rayPto = await apiCall(request, token, 'GET', `/manage/employee-pto?id=${ray.employee.id}`);
  expect(rayPto.types.find((row) => row.ptoTypeId === type.id).balance).toBe(300);
  // A plan with people in it keeps its Delete disabled.
  await expect(card.getByRole('button', { name: `Delete ${name}` })).toBeDisabled();
  expect(await seriousViolations(page), 'the PTO page').toEqual([]);

  // The edit panel: a new name, a higher rate, and one more person for this year.
  const other = uniqueWord();
  const zed = await apiCall(request, token, 'POST', '/manage/add-user', {
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
  // Added for this year: the balances modal comes first; skipping lets the plan compute them.
  const adjust = page.getByRole('dialog', { name: 'Adjust starting balances' });
  await expect(adjust).toContainText(`Zed ${other}`);
  await adjust.getByRole('button', { name: 'Skip' }).click();
  const renamed = page.getByTestId('pto-plan').filter({ hasText: `${name} 2` });
  await expect(renamed).toContainText('1.5 hrs per 30 worked hours');
  await expect(renamed).toContainText(': 2 enrolled');
  const edited = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.find((p) => p.name === `${name} 2`);
  expect(edited.rules[0].rate).toBe(1.5);
  expect(edited.enrolledEmployeeCount).toBe(2);

  // Ray's folder says why his balance may have changed: the rule edit, by whom.
  await page.goto(`/admin/manage/view-user/${ray.employee.id}`);
  await page.getByRole('button', { name: 'PTO History' }).click();
  const history = page.getByRole('dialog', { name: 'PTO History' });
  await expect(history.getByTestId('pto-rule-change')).toContainText(`${type.name}: 1 hrs per 30 worked hours → 1.5 hrs per 30 worked hours`);
  const rayAfter = await apiCall(request, token, 'GET', `/manage/employee-pto?id=${ray.employee.id}`);
  expect(rayAfter.ruleChanges[0]).toMatchObject({ before: '1 hrs per 30 worked hours', after: '1.5 hrs per 30 worked hours' });
  await page.keyboard.press('Escape');

  // Zed is taken off the plan for this year again: no plan, as before.
  await page.goto('/admin/ptomanage');
  await renamed.getByRole('button', { name: `Edit ${name} 2` }).click();
  await dock.getByRole('button', { name: `Take Zed ${other} off this plan` }).click();
  await dock.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Take people off this plan' }).getByRole('button', { name: 'Take off' }).click();
  await expect(renamed).toContainText(': 1 enrolled');
  const zedPto = await apiCall(request, token, 'GET', `/manage/employee-pto?id=${zed.employee.id}`);
  expect(zedPto.ptoPolicyId).toBeNull();

  // Settings, PTO Rules: the same rule edited on its own; the plan's only rule cannot be deleted.
  await page.goto('/admin/manage/settings?tab=7');
  await page.getByRole('button', { name: `Edit the ${type.name} rule of ${name} 2` }).click();
  const ruleDock = page.getByRole('dialog', { name: 'PTO Rule' });
  await ruleDock.getByRole('textbox', { name: 'Hours', exact: true }).fill('2');
  await ruleDock.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PTO rule has been saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete the ${type.name} rule of ${name} 2` })).toBeDisabled();
  expect(await seriousViolations(page), 'the PTO rules tab').toEqual([]);
  const settled = await apiCall(request, token, 'GET', `/manage/employee-pto?id=${ray.employee.id}`);
  expect(settled.ruleChanges[0]).toMatchObject({ before: '1.5 hrs per 30 worked hours', after: '2 hrs per 30 worked hours' });
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
