// Journey 10: Add Multiple Employees. Bad rows are flagged with the spec's messages and nothing is
// saved; a row with an e-mail already in use comes back from the server on its row and still
// nothing is saved; with every row fixed the people are added and HR Folders says the mails went out.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, dataDir, fillLogin, screenshot, tokenOf, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const COMPANY = 'Demo Insurance Agency';
const MESSAGES = {
  name: 'Name must be a full name',
  email: 'The email is invalid',
  jobrole: 'Please select a role',
  taken: 'The email has been registered by another user',
  invalid: 'Sorry The following records have some input errors. Please correct them and resubmit.',
};
const ADD_MULTIPLE = '/server/v1/manage/add-multiple-users';

test('bulk add flags bad rows, saves nothing until all are fixed, then adds everyone', async ({ page, request }) => {
  test.setTimeout(120_000);
  // One surname for the whole batch: the API search finds every row by it.
  const family = `Bulk${uniqueWord().toLowerCase()}`;
  const people = [
    { first: 'Rita', email: uniqueEmail('bulk-a'), role: 'Producer' },
    { first: 'Omar', email: uniqueEmail('bulk-b'), role: 'Producer' },
    { first: 'Ines', email: uniqueEmail('bulk-c'), role: 'Customer Service Representative' },
    { first: 'Theo', email: uniqueEmail('bulk-d'), role: 'Customer Service Representative' },
  ].map((p) => ({ ...p, name: `${p.first} ${family}` }));

  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const token = await tokenOf(page);

  /** The people of this batch the company has (active or not), by e-mail. */
  async function savedEmails() {
    const found = [];
    for (const status of [1, 0]) {
      const list = await apiCall(request, token, 'GET', '/manage/employees', { params: { q: family, status } });
      found.push(...list.employees.map((e) => e.email));
    }
    return found.sort();
  }

  const posts = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith(ADD_MULTIPLE)) posts.push(req);
  });

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'HR Folders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  await page.getByRole('link', { name: 'Add Multiple' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/add-batch$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Multiple Employees' })).toBeVisible();
  const rows = page.getByTestId('batch-row');
  await expect(rows).toHaveCount(10);

  const input = (label, row) => page.getByRole('textbox', { name: `${label}, row ${row}`, exact: true });
  const roleOf = (row) => page.getByRole('combobox', { name: `Job Role, row ${row}`, exact: true });
  async function pickRole(row, role) {
    await roleOf(row).click();
    await page.getByRole('option', { name: role, exact: true }).click();
    await expect(roleOf(row)).toHaveValue(role);
  }
  const [a, b, c, d] = people;

  // Row 1: a one-word name. Row 2: a broken e-mail. Row 3: no job role. Row 4 stays blank (skipped).
  // Row 5: a good row.
  await input('Name', 1).fill(a.first);
  await input('Email', 1).fill(a.email);
  await pickRole(1, a.role);
  await input('Name', 2).fill(b.name);
  await input('Email', 2).fill('omar.at.example.com');
  await pickRole(2, b.role);
  await input('Name', 3).fill(c.name);
  await input('Email', 3).fill(c.email);
  await input('Name', 5).fill(d.name);
  await input('Email', 5).fill(d.email);
  await pickRole(5, d.role);
  await expect(page.getByRole('combobox', { name: 'Permission, row 5', exact: true })).toHaveValue('User');

  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  const alert = page.getByRole('alert').filter({ hasText: MESSAGES.invalid });
  await expect(alert).toHaveText(MESSAGES.invalid);
  await expect(rows.nth(0)).toContainText(MESSAGES.name);
  await expect(input('Name', 1)).toHaveAttribute('aria-invalid', 'true');
  await expect(rows.nth(1)).toContainText(MESSAGES.email);
  await expect(input('Email', 2)).toHaveAttribute('aria-invalid', 'true');
  await expect(rows.nth(2)).toContainText(MESSAGES.jobrole);
  // Each row has its own message only; the blank row and the good one have none.
  await expect(rows.nth(0)).not.toContainText(/invalid|select a role/);
  await expect(rows.nth(1)).not.toContainText(/must be|select a role/);
  await expect(rows.nth(2)).not.toContainText(/must be|invalid/);
  for (const clean of [3, 4]) await expect(rows.nth(clean)).not.toContainText(/must be|invalid|select a role/);
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '10-bulk-errors');
  // Nothing went to the server, and nobody of the batch exists, the good row included.
  expect(posts).toHaveLength(0);
  expect(await savedEmails()).toEqual([]);

  // Fix the three rows, but give row 2 the e-mail of a demo employee: the server refuses it.
  await input('Name', 1).fill(a.name);
  await expect(rows.nth(0)).not.toContainText(MESSAGES.name);
  await input('Email', 2).fill(DEMO.employee(4));
  await pickRole(3, c.role);
  await expect(rows.nth(2)).not.toContainText(MESSAGES.jobrole);
  let answer = page.waitForResponse((res) => res.url().endsWith(ADD_MULTIPLE));
  await save.click();
  let res = await answer;
  expect(res.status()).toBe(400);
  const refused = await res.json();
  // The blank row 4 was not sent: the rows sent are 1, 2, 3 and 5, so row 2 is users[1].
  expect(refused.errors).toEqual({ 'users[1].email': [MESSAGES.taken] });
  expect(JSON.parse(res.request().postData() ?? '[]').map((u) => u.email)).toEqual([a.email, DEMO.employee(4), c.email, d.email]);
  await expect(alert).toHaveText(MESSAGES.invalid);
  await expect(rows.nth(1)).toContainText(MESSAGES.taken);
  await expect(input('Email', 2)).toHaveAttribute('aria-invalid', 'true');
  for (const other of [0, 2, 4]) await expect(rows.nth(other)).not.toContainText(/must be|invalid|select a role|registered/);
  await screenshot(page, '10-bulk-duplicate');
  expect(await savedEmails()).toEqual([]);

  // Fix the last row: everyone is added and HR Folders says the mails are away.
  await input('Email', 2).fill(b.email);
  await expect(rows.nth(1)).not.toContainText(MESSAGES.taken);
  const sentAt = Date.now();
  answer = page.waitForResponse((res) => res.url().endsWith(ADD_MULTIPLE));
  await save.click();
  res = await answer;
  expect(res.status(), await res.text()).toBeLessThan(300);
  expect((await res.json()).created).toBe(4);
  await expect(page).toHaveURL(/\/admin\/manage\?splash=1$/);
  const splash = page.getByRole('dialog', { name: "Mail's away" });
  await expect(splash).toContainText('We sent each new employee an e-mail with a link to create their password and log in.');
  await screenshot(page, '10-bulk-splash');
  await splash.getByRole('button', { name: 'Ok' }).click();
  await expect(splash).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/manage$/);

  // They are in HR Folders, with the job roles they were given, and each got an invitation.
  for (const person of people) {
    const row = page.getByTestId('employee-row').filter({ has: page.getByRole('link', { name: person.name, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('User');
    await expect(row).toContainText(person.role);
    await expect(row.getByRole('link', { name: person.email })).toBeVisible();
  }
  expect(await savedEmails()).toEqual(people.map((p) => p.email).sort());
  for (const person of people) {
    const mail = await waitForMail(dataDir(), { to: person.email, pathPart: '/verify-email?', since: sentAt });
    expect(mail.subject).toBe(`${COMPANY} invited you to Timekeep`);
    expect(new URL(mail.link).searchParams.get('securityToken')).toBeTruthy();
  }
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '10-bulk-added');
});
