// Journey 19: HR records (issue 20). An admin adds an HR event that needs acknowledgement from the
// folder's quick-add (comments in the rich-text editor, a PDF attached); the employee, on a phone,
// meets it in the task dock, reads it, ticks the statement and acknowledges; the folder's
// Acknowledgement filter shows it. The manager asks the employee for a document; she uploads it
// from the task dock; the manager downloads it from the folder and gets the same bytes.
// axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, fillLogin, loginByApi, screenshot, uniqueWord } from '../support/journey.mjs';

const EMPLOYEE = { email: DEMO.employee(4), name: 'Noah Evans' };
const REPORT = { email: DEMO.employee(3), name: 'Olivia Diaz' }; // reports to the manager
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function logIn(page, email, landing) {
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(landing);
}

/** Answers whatever the employee still has open (earlier runs), so the dock shows this run's. */
async function clearTasks(request, token) {
  const tasks = await apiCall(request, token, 'GET', '/profile/my-tasks');
  for (const event of tasks.events) await apiCall(request, token, 'POST', '/profile/affirm-event', { data: { id: event.id } });
  return tasks;
}

test('an admin adds an HR event needing acknowledgement; the employee acknowledges it on a phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { token: admin } = await loginByApi(request, DEMO.admin);
  const { token: employeeToken, claims } = await loginByApi(request, EMPLOYEE.email);
  await clearTasks(request, employeeToken);
  const kind = await apiCall(request, admin, 'POST', '/settings/update-event-type', { data: { name: `Review ${uniqueWord()}` } });
  const title = `Annual review ${uniqueWord()}`;

  const desk = await browser.newContext();
  const page = await desk.newPage();
  await logIn(page, DEMO.admin, /\/admin\/dashboard$/);
  await page.goto(`/admin/manage/view-user/${claims.eid}`);
  await page.getByRole('button', { name: 'Add HR Event' }).click();
  const form = page.getByRole('form', { name: 'HR Event' });
  await expect(form).toBeVisible();
  // The empty form is refused with the spec's messages (once its fields are ready: on a busy
  // machine the modal shows before its form answers a click).
  await expect(form.getByRole('textbox', { name: 'Title' })).toBeEditable();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please input the Title')).toBeVisible({ timeout: 15_000 });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('combobox', { name: 'Type of event' }).click();
  await page.getByRole('option', { name: kind.name }).click();
  const editor = form.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('A great year. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Well done');
  await form.getByRole('checkbox', { name: 'Needs acknowledgement' }).check();
  await form.getByTestId('file-input').setInputFiles({ name: 'review.pdf', mimeType: 'application/pdf', buffer: PDF });
  expect(await seriousViolations(page), 'the event dock').toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Event has been saved.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'HR Events', selected: true })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  const events = await apiCall(request, admin, 'GET', '/manage/user-events', { params: { id: claims.eid } });
  const saved = events.events.find((event) => event.title === title);
  expect(saved.comments).toBe('<p>A great year. <strong>Well done</strong></p>');
  expect(saved.doc.docFileName).toBe('review.pdf');

  // The employee, on a phone: the clock's banner opens the task dock, which lists the event; she
  // reads it and acknowledges.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const employee = await phone.newPage();
  await logIn(employee, EMPLOYEE.email, /\/clockin$/);
  await employee.getByTestId('tasks-banner').getByRole('button', { name: 'Respond' }).click();
  const dock = employee.getByTestId('task-dock');
  await expect(dock.getByText('Response Required')).toBeVisible();
  await dock.getByRole('button', { name: `Review ${title}` }).click();
  await expect(dock.getByText('Well done')).toBeVisible();
  const acknowledge = dock.getByRole('button', { name: 'Acknowledge' });
  await expect(acknowledge).toBeDisabled();
  await dock.getByRole('checkbox', { name: 'I have fully reviewed and understand the policy.' }).check();
  expect(await seriousViolations(employee), 'the task dock on a phone').toEqual([]);
  await screenshot(employee, '19-task-dock-phone');
  await acknowledge.click();
  // Acknowledged: the server has it, and the dock no longer lists it.
  await expect
    .poll(async () => (await apiCall(request, employeeToken, 'GET', '/profile/event-review-detail', { params: { id: saved.id } })).ackedon, {
      timeout: 10_000,
    })
    .not.toBeNull();
  await expect(dock.getByRole('button', { name: `Review ${title}` })).toHaveCount(0);

  // The folder's All tab, filtered to acknowledgements, shows hers.
  await page.goto(`/admin/manage/view-user/${claims.eid}?tab=1`);
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Acknowledgement' }).click();
  await expect(page.getByText(`acknowledged the HR event '${title}'`)).toBeVisible();
  await phone.close();
  await desk.close();
});

test('a document request is fulfilled by the employee’s upload and downloads intact', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { token: admin } = await loginByApi(request, DEMO.admin);
  const { claims } = await loginByApi(request, REPORT.email);
  const kind = await apiCall(request, admin, 'POST', '/settings/update-doc-type', { data: { name: `W-4 ${uniqueWord()}` } });

  const desk = await browser.newContext();
  const manager = await desk.newPage();
  await logIn(manager, DEMO.manager, /\/admin\/dashboard$/);
  await manager.goto(`/admin/manage/view-user/${claims.eid}`);
  await manager.getByRole('button', { name: 'Add to the folder' }).click();
  await manager.getByRole('menuitem', { name: 'HR Doc Request' }).click();
  const form = manager.getByRole('form', { name: 'HR Doc Request' });
  await form.getByRole('combobox', { name: 'Type of document' }).click();
  await manager.getByRole('option', { name: kind.name }).click();
  const due = new Date(Date.now() + 7 * 86_400_000);
  const dueText = `${String(due.getUTCMonth() + 1).padStart(2, '0')}/${String(due.getUTCDate()).padStart(2, '0')}/${due.getUTCFullYear()}`;
  await form.getByRole('textbox', { name: 'Due date' }).fill(dueText);
  await form.getByRole('textbox', { name: 'Comments' }).click();
  await form.getByRole('textbox', { name: 'Comments' }).fill('For payroll, please.');
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(manager.getByRole('tab', { name: 'HR Doc Request', selected: true })).toBeVisible();
  await expect(manager.getByText(kind.name).first()).toBeVisible();

  // She uploads it from the task dock, which the clock's banner opens.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const employee = await phone.newPage();
  await logIn(employee, REPORT.email, /\/clockin$/);
  await employee.getByTestId('tasks-banner').getByRole('button', { name: 'Respond' }).click();
  const dock = employee.getByTestId('task-dock');
  await dock.getByRole('button', { name: `Upload ${kind.name}` }).click();
  const upload = dock.getByRole('form', { name: `Upload ${kind.name}` });
  await upload.getByTestId('file-input').setInputFiles({ name: 'my-w4.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(upload.getByRole('textbox', { name: 'Name' })).toHaveValue('my-w4');
  await upload.getByRole('textbox', { name: 'Brief Description' }).fill('Signed for 2026');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(dock.getByRole('button', { name: `Upload ${kind.name}` })).toHaveCount(0);

  // The manager downloads what she sent: the same bytes, under its name.
  await manager.reload();
  await manager.getByRole('tab', { name: 'HR Documents' }).click();
  await manager.getByRole('button', { name: 'my-w4', exact: true }).click();
  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('button', { name: 'Download my-w4.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('my-w4.pdf');
  expect(readFileSync(await download.path())).toEqual(PDF);
  await phone.close();
  await desk.close();
});
