// Journey 43 (issue 38): a rule's accrual settings. An admin of a new company creates a plan in
// the wizard whose 'Vacation time' accrues per pay period: twice a month (calendar halves, set by
// themselves), 80 hours a year split across the periods, each credit rounded to the nearest
// quarter hour, carried-over hours expiring after 90 days and 120 hours a year from the third year
// of service. The recap and the plan's card read '80 hrs/year, credited per half month', the
// server keeps every setting, and the plan's edit panel opens the rule with each of them as saved.
// A fiscal year starting on 29 February is refused by the server, its message under the field.
// axe finds nothing serious on the rule with its settings open.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { apiCall, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-43';
const SUMMARY = '80 hrs/year, credited per half month';
const FISCAL_REFUSED = "Please input the fiscal year's first day as MM-DD (any day but 29 February)";

/** The checks of a rule's settings as saved, in the wizard or the edit panel (`scope`). */
async function expectSettings(scope) {
  await expect(scope.getByRole('radio', { name: 'Accrued per month employed' })).toBeChecked();
  const settings = scope.getByTestId('accrual-settings');
  await expect(settings.getByRole('radiogroup', { name: 'Accrual period' }).getByRole('radio', { name: 'Twice a month' })).toBeChecked();
  const calendar = settings.getByRole('radiogroup', { name: 'Periods' }).getByRole('radio', { name: 'Calendar periods (the joining period prorated)' });
  await expect(calendar).toBeChecked();
  await expect(calendar).toBeDisabled();
  await expect(settings.getByRole('radio', { name: 'Hours a year, split across the periods' })).toBeChecked();
  await expect(scope.getByRole('textbox', { name: 'Hours a year', exact: true })).toHaveValue('80');
  // Half months credit the rate once a period: no unit to ask.
  await expect(scope.getByRole('textbox', { name: 'For every (months)' })).toHaveCount(0);
  await expect(settings.getByRole('combobox', { name: 'Rounding' })).toHaveValue('Nearest 0.25 h');
  await expect(settings.getByRole('textbox', { name: 'Carried-over hours expire after' })).toHaveValue('90');
  await expect(settings.getByRole('radiogroup', { name: 'Counted in' }).getByRole('radio', { name: 'Days' })).toBeChecked();
  await expect(settings.getByTestId('service-tier')).toHaveCount(1);
  await expect(settings.getByRole('textbox', { name: 'Tier 1: year of service' })).toHaveValue('3');
  await expect(settings.getByRole('textbox', { name: 'Tier 1: hours' })).toHaveValue('120');
  await expect(settings.getByTestId('service-tier')).toContainText('hours a year');
}

test('an admin sets a rule to accrue twice a month with rounding, expiry and a service tier, and finds it kept', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await signUpVerifiedByApi(request, 'accrual-settings-owner', PASSWORD);
  const { token } = await loginByApi(request, admin.email, PASSWORD);
  const type = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: 'Vacation time' } });
  const name = `Half months ${uniqueWord()}`;

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

  // One type: straight to its rule. The settings start folded away.
  await wizard.getByRole('radio', { name: 'Accrued per month employed' }).check();
  const toggle = wizard.getByRole('button', { name: 'Accrual settings' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(wizard.getByTestId('accrual-settings')).toHaveCount(0);
  await toggle.click();
  const settings = wizard.getByTestId('accrual-settings');
  await settings.getByRole('radiogroup', { name: 'Accrual period' }).getByRole('radio', { name: 'Twice a month' }).check();
  await settings.getByRole('radio', { name: 'Hours a year, split across the periods' }).check();
  await wizard.getByRole('textbox', { name: 'Hours a year', exact: true }).fill('80');
  await settings.getByRole('combobox', { name: 'Rounding' }).click();
  await page.getByRole('option', { name: 'Nearest 0.25 h' }).click();
  await settings.getByRole('textbox', { name: 'Carried-over hours expire after' }).fill('90');
  await settings.getByRole('button', { name: 'Add tier' }).click();
  await settings.getByRole('textbox', { name: 'Tier 1: year of service' }).fill('3');
  await settings.getByRole('textbox', { name: 'Tier 1: hours' }).fill('120');
  await expectSettings(wizard);
  expect(await seriousViolations(page), 'the rule with its accrual settings').toEqual([]);
  await screenshot(page, '43-wizard-settings');

  await wizard.getByRole('button', { name: `Done with ${type.name}` }).click();
  await expect(wizard.getByTestId('wizard-rule')).toContainText('Done');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: "Don't assign yet" }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  const recap = wizard.getByTestId('wizard-recap');
  await expect(recap).toContainText(SUMMARY);
  await expect(recap).toContainText('Carryover, no cap, expiring after 90 days');
  await wizard.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('PTO plan has been saved.')).toBeVisible();

  // The server keeps every setting.
  const saved = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.find((plan) => plan.name === name);
  expect(saved.rules).toHaveLength(1);
  expect(saved.rules[0]).toMatchObject({
    ptoTypeId: type.id,
    method: 'PER_PAY_PERIOD',
    rate: 80,
    rateUnit: 1,
    accrualPeriod: 'semiMonthly',
    rateBasis: 'perYear',
    periodAnchor: 'calendar',
    creditOn: 'periodEnd',
    rounding: 'quarterHour',
    carryoverExpiresAfter: 90,
    carryoverExpiryUnit: 'days',
    yearStart: 'default',
    fiscalYearStart: null,
    serviceTiers: [{ fromYear: 3, rate: 120 }],
    summary: SUMMARY,
  });
  const card = page.getByTestId('pto-plan').filter({ hasText: name });
  await expect(card).toContainText(`${type.name}: ${SUMMARY}`);

  // The edit panel opens the rule with its settings shown, each as saved.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const dock = page.getByRole('dialog', { name: 'Edit PTO Plan' });
  await expect(dock.getByTestId('plan-edit-type').filter({ hasText: type.name })).toContainText(SUMMARY);
  await dock.getByRole('button', { name: `Edit the rule of ${type.name}` }).click();
  await expect(dock.getByRole('button', { name: 'Accrual settings' })).toHaveAttribute('aria-expanded', 'true');
  await expectSettings(dock);

  // A fiscal year from 29 February: the server's message under the field, the rule open again.
  const dockSettings = dock.getByTestId('accrual-settings');
  await dockSettings.getByRole('radiogroup', { name: 'The year starts on' }).getByRole('radio', { name: 'Fiscal year' }).check();
  const fiscal = dockSettings.getByRole('textbox', { name: "Fiscal year's first day (MM-DD)" });
  await fiscal.fill('02-29');
  await dock.getByRole('button', { name: `Done with ${type.name}` }).click();
  const updates = [];
  page.on('response', (response) => {
    if (response.url().includes('/server/v1/settings/update-pto-policy')) updates.push(response.status());
  });
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(fiscal).toHaveAccessibleDescription(FISCAL_REFUSED);
  await expect(dock.getByText(FISCAL_REFUSED)).toBeVisible();
  expect(updates).toEqual([400]);
  await expect(dock.getByTestId('form-error')).toHaveCount(0);
  await fiscal.scrollIntoViewIfNeeded();
  await screenshot(page, '43-fiscal-refused');

  // Nothing was saved: the rule is as it was.
  const after = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.find((plan) => plan.name === name);
  expect(after.rules[0]).toMatchObject({ yearStart: 'default', fiscalYearStart: null, summary: SUMMARY });
});
