// Journey 21: the team calendar (issue 21). An employee adds a team event from the 'What's
// happening?' card on the clock screen (the empty form refused with the spec's messages), sees it
// in the card and on /team-calendar's month and week views, opens it there, and deletes it. A
// colleague sees the event but may not change it. The private calendar link is offered. axe
// finds nothing serious.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot, uniqueWord } from '../support/journey.mjs';

const EMPLOYEE = DEMO.employee(1);
const COLLEAGUE = DEMO.employee(2);

test('an employee adds a team event from the card and finds it on the team calendar', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await loginByApi(request, EMPLOYEE);
  const name = `Team lunch ${uniqueWord()}`;

  await page.goto('/login');
  await fillLogin(page, EMPLOYEE, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);
  const card = page.getByTestId('whats-happening');
  await expect(card.getByRole('heading', { name: "What's happening?" })).toBeVisible();
  await card.getByRole('button', { name: 'Add Event' }).click();
  const form = page.getByRole('form', { name: 'Add Event' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please input Event Name')).toBeVisible();
  await form.getByRole('textbox', { name: 'Event Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Pizza in the big room');
  expect(await seriousViolations(page), 'the event panel').toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Event has been saved.')).toBeVisible();

  // The server holds it, as a team event of today (the form's default day), 09:00 to 10:00.
  const today = (await apiCall(request, token, 'GET', '/pto/data')).today;
  const agenda = await apiCall(request, token, 'GET', '/pto/agenda', { params: { start: today, end: today, types: 'HrCalendarEvent' } });
  const saved = agenda.items.find((item) => item.name === name);
  expect(saved, JSON.stringify(agenda.items)).toBeTruthy();
  expect(saved.employeeId).toBeNull();
  expect(saved.start).toBe(`${today} 09:00:00`);
  await expect(card.getByRole('button', { name })).toBeVisible();

  // The team calendar shows it in the month and the week; clicking opens it for editing.
  await card.getByRole('link', { name: 'Team Calendar' }).click();
  await expect(page).toHaveURL(/\/team-calendar$/);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page.getByText(name).first()).toBeVisible();
  expect(await seriousViolations(page), 'the team calendar').toEqual([]);
  await screenshot(page, '21-team-calendar');
  await page.getByText(name).first().click();
  const edit = page.getByRole('form', { name: 'Edit Event' });
  await expect(edit.getByRole('textbox', { name: 'Event Name' })).toHaveValue(name);

  // A colleague sees it and may not change it.
  const { token: colleague } = await loginByApi(request, COLLEAGUE);
  const info = await apiCall(request, colleague, 'GET', '/calendar-event/get-calendar-event-info', { params: { id: saved.id } });
  expect(info.canEdit).toBe(false);
  await apiCall(request, colleague, 'POST', '/calendar-event/del-calendar-event', { data: { id: saved.id }, status: 403 });

  // The private calendar link is offered.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('feed-url')).toHaveValue(/\/server\/v1\/calendar-feed\/.+\.ics$/);
  await page.keyboard.press('Escape');

  // She deletes it.
  await page.getByText(name).first().click();
  await page.getByRole('button', { name: 'Delete' }).click();
  // The confirmation by its name: which dialog comes last in the page depends on which portal
  // opened first, and the edit form's own Delete is then under the confirmation's overlay.
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => {
    const after = await apiCall(request, token, 'GET', '/pto/agenda', { params: { start: today, end: today, types: 'HrCalendarEvent' } });
    return after.items.some((item) => item.name === name);
  }).toBe(false);
});
