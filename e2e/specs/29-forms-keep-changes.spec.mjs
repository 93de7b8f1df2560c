// Journey 29: forms keep what was typed (issue 36). An admin opens Add HR Event in a new employee's
// folder, types a title and opens the action date's picker: Escape closes the picker only, the
// dock and the title stay. Escape again asks 'Discard unsaved changes?' with 'Keep editing'
// focused; keeping, the title is still there, and saving closes the dock without a question. In
// the 'Paid Holiday' panel the same Escape keeps the typed name; a click beside the panel asks,
// and Discard closes it with nothing saved. axe finds nothing serious on the dock or the question.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot, uniqueWord } from '../support/journey.mjs';

/** Mantine's date picker dropdown (a calendar without a role of its own). */
const datePicker = (page) => page.locator('[data-dates-dropdown]');
const discardQuestion = (page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

test('Escape closes the date picker, not the dock; a dock with changes asks before it closes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await loginByApi(request, DEMO.admin);
  // A folder of this run's own, and an event type to save with.
  const lastname = uniqueWord();
  const person = await apiCall(request, token, 'POST', '/manage/add-user', {
    data: { firstname: 'Ada', lastname, email: `e2e-${lastname.toLowerCase()}@example.com`, permission: 'employee' },
  });
  const kind = await apiCall(request, token, 'POST', '/settings/update-event-type', { data: { name: `Note ${uniqueWord()}` } });
  const title = `Parking permit ${uniqueWord()}`;

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/manage/view-user/${person.employee.id}`);
  await page.getByRole('button', { name: 'Add HR Event' }).click();
  const dock = page.getByRole('dialog', { name: 'Add HR Event' });
  const form = dock.getByRole('form', { name: 'HR Event' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  expect(await seriousViolations(page), 'the event dock').toEqual([]);

  // Escape in the open date picker closes the picker only.
  await form.getByRole('textbox', { name: 'Action date' }).click();
  await expect(datePicker(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(datePicker(page)).toBeHidden();
  await expect(dock).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(discardQuestion(page)).toBeHidden();

  // Escape again would close the dock over the typed title: it asks, 'Keep editing' focused.
  await page.keyboard.press('Escape');
  const ask = discardQuestion(page);
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expect(ask.getByRole('button', { name: 'Discard' })).toBeVisible();
  expect(await seriousViolations(page), 'the discard question').toEqual([]);
  await screenshot(page, '29-discard-question');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(dock).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(title);

  // Saved: the dock closes without a question.
  await form.getByRole('textbox', { name: 'Title' }).click();
  await form.getByRole('combobox', { name: 'Type of event' }).click();
  await page.getByRole('option', { name: kind.name }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Event has been saved.')).toBeVisible();
  await expect(dock).toBeHidden();
  await expect(discardQuestion(page)).toBeHidden();
  const events = await apiCall(request, token, 'GET', '/manage/user-events', { params: { id: person.employee.id } });
  expect(events.events.map((event) => event.title)).toEqual([title]);

  // The 'Paid Holiday' panel: the same Escape keeps the name; a click beside the panel asks.
  const holidayName = `Founders Day ${uniqueWord()}`;
  await page.goto('/admin/manage/holidays');
  await page.getByRole('button', { name: '+ Add Paid Holiday' }).click();
  const panel = page.getByRole('dialog', { name: 'Paid Holiday' });
  await panel.getByRole('textbox', { name: 'Holiday name' }).fill(holidayName);
  await panel.getByRole('textbox', { name: 'Holiday date' }).click();
  await expect(datePicker(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(datePicker(page)).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Holiday name' })).toHaveValue(holidayName);

  await page.mouse.click(20, 360);
  await expect(discardQuestion(page)).toBeVisible();
  await discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
  await expect(panel).toBeHidden();
  const { holidays } = await apiCall(request, token, 'GET', '/holiday/list');
  expect(holidays.map((holiday) => holiday.name)).not.toContain(holidayName);
});
