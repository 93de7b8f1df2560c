// Journey 41 (issue 38): the paid sick leave laws in the PTO plan wizard. An admin of a new company
// in Fresno, California creates a plan for its 'Sick time' type: 'Start from a law' → California
// (the company's size prefilled) shows the law's tier, requirements and sources, and 'Use this law'
// fills the rule (1 h per 30 h worked, a balance cap of 80 h, a yearly use cap of 40 h, usable from
// day 90). The plan's card says it meets the law, and so does the sick leave compliance report.
// Lowering the balance cap to 40 h in the plan's edit panel warns 'Balance cap 40 h is below
// California's 80 h' while typing, saving is still allowed, and the card and the report then
// name the shortfall. axe finds nothing serious on these screens.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const CALIFORNIA = 'California (Cal. Lab. Code §§ 245–249)';
const SHORTFALL = "Balance cap 40 h is below California's 80 h";

test("an admin starts a sick leave plan from California's law, and sees where a lower cap falls short", async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await signUpVerifiedByApi(request, 'sick-leave-owner', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  const { company } = await apiCall(request, token, 'GET', '/company/profile');
  await apiCall(request, token, 'POST', '/company/update', { data: { name: company.name, email: admin.email, state: 'CA', city: 'Fresno' } });
  const type = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: 'Sick time' } });
  const laws = await apiCall(request, token, 'GET', '/pto-manage/sick-leave-laws');
  expect(laws.suggested).toEqual(['us-ca']);
  const name = `Sick leave ${uniqueWord()}`;

  await page.goto('/login');
  await fillLogin(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'PTO' }).click();
  await expect(page).toHaveURL(/\/admin\/ptomanage$/);
  await page.getByRole('button', { name: '+ Create New PTO Plan' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New PTO Plan' });
  await wizard.getByRole('textbox', { name: 'Plan name' }).fill(name);
  await wizard.getByRole('checkbox', { name: type.name }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // One type: straight to its rule, which starts from California's law.
  await wizard.getByRole('button', { name: 'Start from a law' }).click();
  const picker = wizard.getByTestId('law-picker');
  await expect(picker.getByRole('textbox', { name: 'Employees' })).toHaveValue(String(laws.headcount));
  await picker.getByRole('combobox', { name: 'Law' }).click();
  // The company's address's law comes first.
  await expect(page.getByRole('option').first()).toHaveText(CALIFORNIA);
  await page.getByRole('option', { name: CALIFORNIA }).click();
  await expect(picker.getByTestId('law-tier')).toHaveText('Applies to you: Every employer (paid leave)');
  await expect(picker.getByTestId('law-details')).toContainText('The balance may be capped at no less than 80 h');
  const source = picker.getByRole('link', { name: 'leginfo.legislature.ca.gov' });
  await expect(source).toHaveAttribute('target', '_blank');
  await expect(source).toHaveAttribute('rel', /noopener/);
  await picker.getByRole('button', { name: 'Use this law' }).click();
  await expect(picker).toBeHidden();
  await expect(wizard.getByTestId('law-chosen')).toHaveText("Checked against California's law (Every employer)");

  await expect(wizard.getByRole('radio', { name: 'Accrued per hours clocked' })).toBeChecked();
  await expect(wizard.getByRole('textbox', { name: 'Hours', exact: true })).toHaveValue('1');
  await expect(wizard.getByRole('textbox', { name: 'For every (worked hours)' })).toHaveValue('30');
  await expect(wizard.getByRole('checkbox', { name: 'Maximum balance' })).toBeChecked();
  await expect(wizard.getByRole('textbox', { name: 'Maximum balance in hours' })).toHaveValue('80');
  await expect(wizard.getByRole('textbox', { name: 'Yearly use cap (h)' })).toHaveValue('40');
  await expect(wizard.getByRole('textbox', { name: 'Usable after (days)' })).toHaveValue('90');
  await expect(wizard.getByRole('radio', { name: 'Usable from day 90 of employment' })).toBeChecked();
  await expect(wizard.getByTestId('law-met')).toHaveText("This rule meets California's law (Every employer).");
  expect(await seriousViolations(page), 'the rule step with the law').toEqual([]);
  await screenshot(page, '41-wizard-law');
  await wizard.getByRole('button', { name: `Done with ${type.name}` }).click();
  await expect(wizard.getByTestId('wizard-rule')).toContainText('Done');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: 'The entire team' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  // The admin has no plan yet: their starting balance, kept as the plan computes it.
  await expect(wizard.getByText('People without a plan')).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByTestId('wizard-recap')).toContainText('1 hrs per 30 worked hours');
  await wizard.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('PTO plan has been saved.')).toBeVisible();

  const saved = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.find((plan) => plan.name === name);
  expect(saved.rules[0]).toMatchObject({
    ptoTypeId: type.id,
    method: 'PER_HOUR_WORKED',
    rate: 1,
    rateUnit: 30,
    maxBalanceEnabled: true,
    maxBalance: 80,
    yearlyUseCap: 40,
    usableAfterDays: 90,
    usableCounting: 'fromDay',
  });
  const card = page.getByTestId('pto-plan').filter({ hasText: name });
  const line = card.getByTestId('plan-compliance');
  await expect(line).toContainText('Meets sick-leave law');
  await expect(line).toContainText('California: Every employer');
  expect(await seriousViolations(page), 'the PTO page').toEqual([]);

  // The report: the plan at the company's address, its closest type, no shortfall.
  await page.getByRole('link', { name: 'Sick leave compliance' }).click();
  await expect(page).toHaveURL(/\/admin\/ptomanage\/sick-leave$/);
  await expect(page.getByRole('heading', { name: 'Sick leave compliance' })).toBeVisible();
  const row = page.getByTestId('sick-leave-row').filter({ hasText: name });
  await expect(row).toContainText('Fresno, CA');
  await expect(row).toContainText('California: Every employer');
  await expect(row).toContainText(type.name);
  await expect(row).toContainText('Meets the law');
  await expect(page.getByTestId('report-as-of')).toContainText(`with ${laws.headcount} active`);
  expect(await seriousViolations(page), 'the report').toEqual([]);

  // The edit panel: the rule is checked against California as it changes; less warns, and saves.
  await page.getByRole('link', { name: 'Back to PTO' }).click();
  await expect(page).toHaveURL(/\/admin\/ptomanage$/);
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const dock = page.getByRole('dialog', { name: 'Edit PTO Plan' });
  await dock.getByRole('button', { name: `Edit the rule of ${type.name}` }).click();
  // The plan's law is the one its rule is checked against.
  await expect(dock.getByTestId('law-chosen')).toHaveText("Checked against California's law (Every employer)");
  await expect(dock.getByTestId('law-met')).toBeVisible();
  await dock.getByRole('textbox', { name: 'Maximum balance in hours' }).fill('40');
  const warning = dock.getByTestId('law-shortfalls');
  await expect(warning).toContainText(SHORTFALL);
  await expect(dock.getByText('Less than California requires')).toBeVisible();
  await expect(dock.getByTestId('law-met')).toHaveCount(0);
  expect(await seriousViolations(page), 'the edit panel with a shortfall').toEqual([]);
  await screenshot(page, '41-edit-shortfall');
  await dock.getByRole('button', { name: `Done with ${type.name}` }).click();
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PTO plan has been saved.')).toBeVisible();
  await expect(dock).toBeHidden();

  await expect(line).toContainText('Falls short of California');
  await expect(line).toContainText(SHORTFALL);
  const report = await apiCall(request, token, 'GET', '/pto-manage/sick-leave-compliance');
  const planReport = report.plans.find((plan) => plan.planName === name);
  expect(planReport.compliant).toBe(false);
  expect(planReport.places[0].shortfalls.map((shortfall) => shortfall.message)).toEqual([SHORTFALL]);
  expect(await seriousViolations(page), 'the PTO page with a shortfall').toEqual([]);
  await screenshot(page, '41-plan-card-shortfall');

  await page.getByRole('link', { name: 'Sick leave compliance' }).click();
  await expect(page.getByTestId('sick-leave-row').filter({ hasText: name }).getByTestId('report-shortfalls')).toContainText(SHORTFALL);
});
