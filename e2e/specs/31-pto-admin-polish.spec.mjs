// Journey 31: PTO admin polish (issue 36). A plan mixing fixed and accrued rules says 'Mixed' on its
// card, never 'Unkown'; in the plan wizard Back from the rule keeps what was typed, and the recap
// names the person the plan is for and the rule's carryover cap. Settings opens on its first tab;
// a new paid holiday's calendar opens on the current month, and the holiday's date shows MM/DD/YYYY.
// The dashboard's hour axis ticks whole or half hours ('2 h') and its legend has colour swatches.
// axe finds nothing serious on these screens.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot, uniqueWord } from '../support/journey.mjs';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'YYYY-MM-DD' as every screen shows a date: MM/DD/YYYY. */
const shown = (isoDate) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;

async function logIn(page) {
  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test("a mixed plan's card says so, and the wizard's Back and recap keep and show what was chosen", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await loginByApi(request, DEMO.admin);
  const { currentYear } = await apiCall(request, token, 'GET', '/pto-manage/data');
  const fixed = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: `Vacation ${uniqueWord()}` } });
  const accrued = await apiCall(request, token, 'POST', '/settings/update-pto-type', { data: { name: `Sick ${uniqueWord()}` } });
  const mixed = `Mixed ${uniqueWord()}`;
  await apiCall(request, token, 'POST', '/settings/save-pto-plan', {
    data: {
      name: mixed,
      year: currentYear + 1,
      assignType: 'none',
      rules: [
        { ptoTypeId: fixed.id, method: 'PER_CALENDAR_YEAR', rate: 80, rateUnit: 1 },
        { ptoTypeId: accrued.id, method: 'PER_HOUR_WORKED', rate: 1, rateUnit: 30 },
      ],
    },
  });
  // The wizard's people picker lists the first 30 by last name: 'Aa…' is among them.
  const lastname = `Aa${uniqueWord().toLowerCase()}`;
  await apiCall(request, token, 'POST', '/manage/add-user', {
    data: { firstname: 'Rita', lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee' },
  });

  await logIn(page);
  await page.goto('/admin/ptomanage');
  const mixedCard = page.getByTestId('pto-plan').filter({ hasText: mixed });
  await expect(mixedCard).toContainText('Mixed');
  await expect(mixedCard).not.toContainText(/unkown/i);
  expect(await seriousViolations(page), 'the PTO page').toEqual([]);

  // The wizard: one type opens its rule at once; Back goes to the year and keeps the rule.
  const name = `Fixed ${uniqueWord()}`;
  await page.getByRole('button', { name: '+ Create New PTO Plan' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New PTO Plan' });
  await wizard.getByRole('textbox', { name: 'Plan name' }).fill(name);
  await wizard.getByRole('checkbox', { name: fixed.name }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: 'All at once at the start of the year' }).check();
  await wizard.getByRole('textbox', { name: 'Hours per year' }).fill('40');
  await wizard.getByRole('checkbox', { name: 'Cap the carryover' }).check();
  await wizard.getByRole('textbox', { name: 'Most hours carried over' }).fill('8');
  expect(await seriousViolations(page), 'the rule step').toEqual([]);
  await wizard.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(wizard.getByRole('radio', { name: String(currentYear) })).toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('radio', { name: 'All at once at the start of the year' })).toBeChecked();
  await expect(wizard.getByRole('textbox', { name: 'Hours per year' })).toHaveValue('40');
  await expect(wizard.getByRole('textbox', { name: 'Most hours carried over' })).toHaveValue('8');
  await wizard.getByRole('button', { name: `Done with ${fixed.name}` }).click();
  await expect(wizard.getByTestId('wizard-rule')).toContainText('Done');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // For Rita by name; she has no plan yet, so her starting balance comes first.
  await wizard.getByRole('radio', { name: 'Select team members' }).check();
  await wizard.getByRole('combobox', { name: 'Team members' }).fill(`Rita ${lastname}`);
  await page.getByRole('option', { name: `Rita ${lastname}` }).click();
  await page.keyboard.press('Escape');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('People without a plan')).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByTestId('wizard-recap-assignees')).toHaveText(`Who gets it: Team members: Rita ${lastname}`);
  const recap = wizard.getByTestId('wizard-recap');
  await expect(recap).toContainText(fixed.name);
  await expect(recap).toContainText('40 hrs/year');
  await expect(recap).toContainText('Carryover up to 8 hrs');
  expect(await seriousViolations(page), 'the recap').toEqual([]);
  await screenshot(page, '31-wizard-recap');
  await wizard.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('PTO plan has been saved.')).toBeVisible();
  const card = page.getByTestId('pto-plan').filter({ hasText: name });
  await expect(card).toContainText('Fixed');
  await expect(card).toContainText(': 1 enrolled');
  const saved = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.find((plan) => plan.name === name);
  expect(saved.rules[0]).toMatchObject({ carryoverPolicy: 'allowCarryover', maxCarryoverEnabled: true, maxCarryover: 8 });

  // The plan nobody is in goes again, so that a run again finds the same page.
  const mixedPlan = (await apiCall(request, token, 'GET', '/pto-manage/data')).ptoPolicies.find((plan) => plan.name === mixed);
  await apiCall(request, token, 'POST', '/settings/inactive-pto-policy', { params: { id: mixedPlan.id } });
});

test('Settings opens on its first tab, and a new holiday picks a day from this month, shown MM/DD/YYYY', async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const { today } = await apiCall(request, token, 'GET', '/pto/data');
  const { year, holidays } = await apiCall(request, token, 'GET', '/holiday/list');
  const month = Number(today.slice(5, 7));
  const monthName = MONTHS[month - 1];
  // A day of this month that is no holiday yet.
  const taken = new Set(holidays.map((holiday) => holiday.holiday));
  const day = [...Array(26).keys()].map((n) => n + 2).find((d) => !taken.has(`${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`));
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

  await logIn(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/settings$/);
  await expect(page.getByRole('tab').first()).toHaveText('Time & Overtime');
  await expect(page.getByRole('tab', { name: 'Time & Overtime' })).toHaveAttribute('aria-selected', 'true');
  // Its date reads as every date does.
  await expect(page.getByRole('textbox', { name: 'A day the pay cycle starts on' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(await seriousViolations(page), 'the first tab of Settings').toEqual([]);

  await page.goto('/admin/manage/holidays');
  await page.getByRole('button', { name: '+ Add Paid Holiday' }).click();
  const dock = page.getByRole('dialog', { name: 'Paid Holiday' });
  const name = `Team Day ${uniqueWord()}`;
  await dock.getByRole('textbox', { name: 'Holiday name' }).fill(name);
  await dock.getByRole('textbox', { name: 'Holiday date' }).click();
  // The calendar opens on this month, not on January.
  await expect(page.getByRole('button', { name: `${monthName} ${year}`, exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'the holiday calendar').toEqual([]);
  await screenshot(page, '31-holiday-calendar');
  await page.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true }).click();
  await expect(dock.getByRole('textbox', { name: 'Holiday date' })).toHaveValue(shown(iso));
  await dock.getByRole('button', { name: 'Save' }).click();
  await expect(dock).toBeHidden();
  const card = page.getByTestId('paid-holiday').filter({ hasText: name });
  await expect(card).toContainText(shown(iso));
  await expect(card).not.toContainText(`${iso.slice(5, 7)}-${iso.slice(8, 10)}-${year}`);
  const added = (await apiCall(request, token, 'GET', '/holiday/list')).holidays.find((holiday) => holiday.name === name);
  expect(added.holiday).toBe(iso);
  await apiCall(request, token, 'POST', '/holiday/delete', { data: { id: added.id, year } });
});

test("the dashboard's hour axis ticks whole or half hours, and its legend shows each colour", async ({ page, request }) => {
  const { token } = await loginByApi(request, DEMO.admin);
  const { today } = await apiCall(request, token, 'GET', '/pto/data');
  // Two minutes of work today: before issue 36 such a day drew an axis of 0.01s.
  const lastname = uniqueWord();
  const saved = await apiCall(request, token, 'POST', '/manage/add-user', {
    data: { firstname: 'Tim', lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee', startDate: today },
  });
  await apiCall(request, token, 'POST', '/timesheet/edit', { data: { employeeId: saved.employee.id, start: `${today} 00:00:00`, end: `${today} 00:02:00` } });

  await logIn(page);
  const chart = page.getByTestId('daily-hours-chart');
  await expect(chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toBeVisible();
  const ticks = await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(/^\d+(\.5)? h$/);
  const items = chart.getByTestId('chart-legend-item');
  await expect(items).toHaveText(['Regular', 'Overtime', 'PTO']);
  for (const swatch of await chart.getByTestId('chart-legend-swatch').all()) {
    const box = await swatch.boundingBox();
    expect(box?.width).toBe(12);
    expect(box?.height).toBe(12);
  }
  await screenshot(page, '31-dashboard-chart');
  expect(await seriousViolations(page), 'the dashboard').toEqual([]);
});
