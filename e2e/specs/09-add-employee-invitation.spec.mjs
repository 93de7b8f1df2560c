// Journey 9: an admin adds an employee in HR Folders; the folder says the login e-mail went out and
// its timeline shows 'Started'. The employee, on a phone, opens the invitation link, is signed in,
// creates a password, logs out, logs in with it and finds the admin in My Team.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { DEMO, DEMO_PASSWORD, dataDir, expectShell, field, fillLogin, logOut, screenshot, skipTheTour, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const COMPANY = 'Demo Insurance Agency';
const ADMIN_NAME = 'Ada Admin';

test('an admin adds an employee, who accepts the invitation and finds the admin in My Team', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // 'Aa…' sorts the new person onto the first page of the A - Z list.
  const firstname = 'Nadia';
  const lastname = `Aa${uniqueWord().toLowerCase()}`;
  const name = `${firstname} ${lastname}`;
  const email = uniqueEmail('invite');
  const password = 'my-own-secret-1';

  // --- The admin adds the employee.
  await page.goto('/login');
  await fillLogin(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'HR Folders' }).click();
  await expect(page).toHaveURL(/\/admin\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  await expect(page).toHaveTitle(`${COMPANY} | Timekeep`);
  await expect(page.getByTestId('employee-row').first()).toBeVisible();
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);

  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/add-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add employee' });
  // A new employee reports to the company admin unless someone else is chosen.
  await expect(form.getByRole('combobox', { name: 'Manager' })).toHaveValue(ADMIN_NAME);
  await expect(form.getByRole('combobox', { name: 'Permission' })).toHaveValue('User');
  await field(form, 'First Name').fill(firstname);
  await field(form, 'Last Name').fill(lastname);
  await field(form, 'Email').fill(email);
  await form.getByRole('combobox', { name: 'Job Role' }).click();
  await page.getByRole('option', { name: 'Producer', exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Job Role' })).toHaveValue('Producer');
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);

  const addedAt = Date.now();
  const saved = page.waitForResponse((res) => res.url().endsWith('/server/v1/manage/add-user') && res.request().method() === 'POST');
  await form.getByRole('button', { name: 'Save' }).click();
  const added = await (await saved).json();
  expect(added.created).toBe(true);
  const id = added.employee.id;
  await expect(page).toHaveURL(new RegExp(`/admin/manage/view-user/${id}\\?pto=setup$`));

  // The splash: the login e-mail is on its way.
  const splash = page.getByRole('dialog', { name: "Mail's away" });
  await expect(splash).toContainText(`We sent ${name} an e-mail with a link to create a password and log in.`);
  await screenshot(page, '09-added-splash');
  await splash.getByRole('button', { name: 'Ok' }).click();
  await expect(splash).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/manage/view-user/${id}$`));
  // 001 §2: the PTO set-up opens next; this journey leaves it for later.
  const ptoDock = page.getByRole('dialog', { name: 'PTO', exact: true });
  await expect(ptoDock).toBeVisible();
  await ptoDock.getByRole('button', { name: 'Close' }).click();
  await expect(ptoDock).toBeHidden();

  // The folder: the profile card and the timeline's 'Started', done by the admin.
  const card = page.getByTestId('profile-card');
  await expect(card.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(card).toContainText('User');
  await expect(card).toContainText('Producer');
  await expect(card.getByRole('link', { name: email })).toBeVisible();
  await expect(page.getByTestId('profile-details')).toContainText(ADMIN_NAME);
  const started = page.getByTestId('activity-card').getByTestId('activity');
  await expect(started).toHaveCount(1);
  await expect(started.getByRole('button', { name: 'Started' })).toBeVisible();
  await expect(started).toContainText(`${ADMIN_NAME} added ${name}.`);
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '09-folder');

  // The HR Folders list has them, linking to the folder.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'HR Folders' }).click();
  await expect(page).toHaveURL(/\/admin\/manage$/);
  const row = page.getByTestId('employee-row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('User');
  await expect(row).toContainText('Producer');
  await expect(row.getByRole('link', { name: email })).toBeVisible();
  await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/admin/manage/view-user/${id}`);

  // --- The invitation.
  const mail = await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt });
  expect(mail.subject).toBe(`${COMPANY} invited you to Timekeep`);
  const link = new URL(mail.link);
  expect(Buffer.from(link.searchParams.get('me') ?? '', 'base64').toString('utf8')).toBe(email);
  expect(link.searchParams.get('securityToken')).toMatch(/\S{16,}/);

  // --- The employee, in a browser of their own (a phone).
  const phone = await browser.newContext(PHONE);
  const employee = await phone.newPage();
  await skipTheTour(employee);
  await employee.goto(`${link.pathname}${link.search}`);
  // Signed in at once, on the clock screen, and asked to create a password first.
  await expect(employee).toHaveURL(/\/clockin\?man=1&sectoken=/);
  const create = employee.getByRole('dialog', { name: 'Create Password' });
  await expect(create).toBeVisible();
  await expect(create).toContainText('Please set a password for your account before you continue.');
  await expect(create.getByRole('textbox', { name: 'Old Password' })).toHaveCount(0);
  await create.getByRole('button', { name: 'Create Password' }).click();
  await expect(create.getByText('Please input the New Password')).toBeVisible();
  await field(create, 'New Password').fill(password);
  await field(create, 'Retype New Password').fill(password);
  serious = await seriousViolations(employee);
  expect(serious, serious.join('\n')).toEqual([]);
  await create.getByRole('button', { name: 'Create Password' }).click();
  await expect(create.getByText('Your password has been successfully created...')).toBeVisible();
  // The modal closes by itself and the one-time parameters leave the address.
  await expect(create).toBeHidden();
  await expect(employee).toHaveURL(/\/clockin$/);
  await expectShell(employee, firstname);

  await logOut(employee);
  await fillLogin(employee, email, password);
  await expect(employee).toHaveURL(/\/clockin$/);
  await expectShell(employee, firstname);
  await expect(employee.getByRole('dialog', { name: 'Create Password' })).toHaveCount(0);

  // My Team, through the phone's menu: the admin is there.
  await employee.getByTestId('side-bar-toggle').click();
  await employee.getByTestId('side-bar').getByRole('link', { name: 'My Team' }).click();
  await expect(employee).toHaveURL(/\/my-team$/);
  await expect(employee.getByRole('heading', { level: 1, name: 'My Team' })).toBeVisible();
  const members = employee.getByTestId('team-member');
  const admin = members.filter({ has: employee.getByRole('heading', { level: 2, name: ADMIN_NAME, exact: true }) });
  await expect(admin).toHaveCount(1);
  await expect(admin.getByRole('link', { name: DEMO.admin })).toBeVisible();
  await expect(members.filter({ has: employee.getByRole('heading', { level: 2, name, exact: true }) })).toHaveCount(1);
  expect(await employee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  serious = await seriousViolations(employee);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(employee, '09-my-team-phone');
  await phone.close();
});
