// Journey 24: the platform operator's system area (issue 23), with billing on (run.mjs).
// A customer company signs up with an employee. The operator (the demo's Sam Operator) signs in on
// the login page and lands on Customers, with the system menu alone; he finds the company by its
// name and opens it. From its Admins card he impersonates its admin: her dashboard, with the
// banner naming her and no Log out; as her he clocks in, then Exit brings him back to
// Impersonation as himself. The Audit log shows the impersonation and the clock-in with both
// names. He suspends the company (asked first): its admin signing in has Billing alone, its
// employee the suspended message; he activates it and the admin works again (she clocks out).
// Then he makes a promotion code, 50% off for 2 months; a new company signs up on the signup page
// with it, activates billing with a card that pays and its Billing page shows the code and the
// first charge halved ($8 + $3 × 1 user = $11.00, −$5.50, $5.50); the code's Companies list names
// it. axe finds nothing serious on Customers, a company, the Audit log and Promotions; a phone
// shows Customers whole.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { CARDS, payOnCheckoutPage } from '../support/billing.mjs';
import { waitForMail } from '../support/mail.mjs';
import { enterOperatorCode } from '../support/two-factor.mjs';
import { apiCall, dataDir, DEMO, DEMO_PASSWORD, expectShell, field, fillLogin, logOut, screenshot, signUpByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const CUSTOMERS = '/sy5tem/adm1n';
const BILLING = '/admin/manage/my-account';
const SYSTEM_MENU = ['Customers', 'Statistics', 'Reset Password', 'Impersonation', 'Promotions', 'Employees', 'Audit log', 'Accrual health', 'Jobs'];
const OPERATOR = { email: DEMO.sysadmin, firstname: 'Sam' };

const mainMenu = (page) => page.getByRole('navigation', { name: 'Main menu' });
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A new company, signed up through the API with its admin's address verified. */
async function newCompany(request, label, firstname) {
  const email = uniqueEmail(label);
  const lastname = uniqueWord();
  const company = `${uniqueWord()} Logistics`;
  const signedUpAt = Date.now();
  await signUpByApi(request, { email, firstname, lastname, company, password: PASSWORD });
  await verifyByMail(request, email, signedUpAt);
  return { email, firstname, lastname, name: `${firstname} ${lastname}`, company };
}

async function verifyByMail(request, email, since) {
  const verify = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since })).link);
  const verified = await request.post('/server/v1/account/verify-email', {
    data: { token: verify.searchParams.get('token'), me: verify.searchParams.get('me') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * An employee added through the API who takes the e-mailed invitation and sets a password
 * (through the API: the invitation's journey is 09).
 */
async function addEmployee(request, adminToken, firstname, password) {
  const email = uniqueEmail(`system-${firstname.toLowerCase()}`);
  const addedAt = Date.now();
  const saved = await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname: uniqueWord(), email, permission: 'employee' } });
  expect(saved.created).toBe(true);
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: password, retypePassword: password } });
  return { email, firstname, password };
}

/** The operator signs in on the login page and lands on Customers, with the system menu alone. */
async function operatorSignsIn(page) {
  await page.goto('/login');
  await fillLogin(page, OPERATOR.email, DEMO_PASSWORD);
  // The operator always has a second factor (issue 43; run.mjs enrolled it).
  await enterOperatorCode(page);
  await expect(page).toHaveURL(new RegExp(`${CUSTOMERS}$`));
  await expectShell(page, OPERATOR.firstname);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link')).toHaveText(SYSTEM_MENU);
}

/** Customers filtered by a company's name: its one row. */
async function findCompany(page, company) {
  await page.getByRole('searchbox', { name: 'Name or admin e-mail' }).fill(company);
  await expect(page).toHaveURL(new RegExp(`${CUSTOMERS}\\?name=`));
  const rows = page.getByTestId('company-row');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('company-count')).toHaveText('1 company');
  return rows.first();
}

/** The badge of the company's state beside its name on its page. */
const companyState = (page) => page.getByRole('main').getByTestId('company-status').first();

test('the operator finds a customer, acts as its admin, reads the audit log, suspends and re-activates it', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  // --- A customer: a new company with its admin and an employee.
  const customer = await newCompany(request, 'system', 'Cora');
  const signedIn = await request.post('/server/v1/auth/login', { data: { email: customer.email, password: PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const employee = await addEmployee(request, (await signedIn.json()).token, 'Eli', 'eli-secret-4242');

  // --- The operator signs in and finds it among the customers.
  await operatorSignsIn(page);
  const row = await findCompany(page, customer.company);
  await expect(row.getByRole('link', { name: customer.company })).toBeVisible();
  await expect(row).toContainText(customer.email);
  await expect(row.getByTestId('company-status')).toHaveText('Trial');
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  expect(await seriousViolations(page), 'Customers').toEqual([]);

  await row.getByRole('link', { name: customer.company }).click();
  await expect(page).toHaveURL(/\/sy5tem\/company\/\d+$/);
  const companyId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: customer.company })).toBeVisible();
  await expect(companyState(page)).toHaveText('Trial');
  const facts = page.getByRole('table', { name: 'Company facts' });
  await expect(facts.getByRole('row', { name: /^Company ID/ })).toContainText(String(companyId));
  await expect(facts.getByRole('row', { name: /^Employees/ })).toContainText('2');
  const admins = page.getByRole('region', { name: 'Admins' });
  await expect(admins.getByTestId('company-admin')).toHaveCount(1);
  await expect(admins.getByTestId('company-admin')).toContainText(customer.name);
  await expect(admins.getByTestId('company-admin')).toContainText(customer.email);
  expect(await seriousViolations(page), 'a company').toEqual([]);

  // --- Impersonating its admin: her home, with the banner; Log out is not offered.
  await admins.getByRole('link', { name: `Impersonate ${customer.name}` }).click();
  await expect(page).toHaveURL(/\/sy5tem\/impersonate\?email=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impersonation' })).toBeVisible();
  await expect(page.getByLabel("User's e-mail address")).toHaveValue(customer.email);
  await page.getByRole('button', { name: 'Impersonate', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, customer.firstname);
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText(`You are signed in as ${customer.name} (${customer.email}) by support.`);
  await expect(page.getByTestId('company-name')).toHaveText(customer.company);
  await expect(mainMenu(page).getByRole('link', { name: 'HR Folders' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeHidden();
  await screenshot(page, '24-system-impersonating');

  // As her, a change: she clocks in (the banner stays on every screen).
  await page.goto('/clockin');
  const clock = page.getByTestId('clock-card');
  await expect(banner).toBeVisible();
  await clock.getByRole('button', { name: 'Clock In', exact: true }).click();
  await expect(clock.getByTestId('clock-state')).toHaveText('Clocked in');

  // Exit: back to Impersonation as the operator.
  await banner.getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL(/\/sy5tem\/impersonate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impersonation' })).toBeVisible();
  await expectShell(page, OPERATOR.firstname);
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  await expect(mainMenu(page).getByRole('link')).toHaveText(SYSTEM_MENU);

  // --- The audit log of the company: the impersonation, the clock-in as her, the exit.
  await mainMenu(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/sy5tem\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Company ID' }).fill(String(companyId));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/sy5tem/audit\\?companyId=${companyId}$`));
  const entries = page.getByTestId('audit-entry');
  const entry = (action) => entries.filter({ has: page.getByRole('cell', { name: action, exact: true }) });
  await expect(entry('impersonate')).toHaveCount(1);
  await expect(entry('impersonate')).toContainText(OPERATOR.email);
  await expect(entry('impersonate')).toContainText(`Signed in as ${customer.name} (${customer.email})`);
  await expect(entry('impersonate')).toContainText(customer.company);
  const clockedIn = entry('act-as-user').filter({ hasText: '/clock/start' });
  await expect(clockedIn).toHaveCount(1);
  await expect(clockedIn.getByRole('cell').nth(1)).toHaveText(OPERATOR.email);
  await expect(clockedIn.getByRole('cell').nth(2)).toHaveText(customer.email);
  await expect(clockedIn).toContainText(/POST \S*\/clock\/start → 200/);
  await expect(entry('exit-impersonation')).toHaveCount(1);
  await expect(entry('exit-impersonation').getByRole('cell').nth(2)).toHaveText(customer.email);
  // Newest first: the exit, then what was done, then the impersonation.
  const actions = await entries.evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[4]?.textContent));
  expect(actions.indexOf('exit-impersonation')).toBeLessThan(actions.indexOf('act-as-user'));
  expect(actions.indexOf('act-as-user')).toBeLessThan(actions.indexOf('impersonate'));
  expect(await seriousViolations(page), 'the Audit log').toEqual([]);

  // --- Suspending the company, asked first.
  await entry('impersonate').getByRole('link', { name: customer.company }).click();
  await expect(page).toHaveURL(new RegExp(`/sy5tem/company/${companyId}$`));
  await page.getByRole('group', { name: 'Company actions' }).getByRole('button', { name: 'Suspend' }).click();
  const ask = page.getByRole('dialog', { name: `Suspend ${customer.company}?` });
  await expect(ask).toContainText('Its people can no longer make changes');
  await ask.getByRole('button', { name: 'Suspend' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('company-notice')).toHaveText(`${customer.company} is suspended.`);
  await expect(companyState(page)).toHaveText('Suspended');
  await expect(page.getByRole('group', { name: 'Company actions' }).getByRole('button', { name: 'Activate' })).toBeVisible();

  // Its admin, signing in, has Billing alone; its employee is told the account is suspended.
  const desk = await browser.newContext();
  const admin = await desk.newPage();
  await admin.goto('/login');
  await fillLogin(admin, customer.email, PASSWORD);
  await expect(admin).toHaveURL(new RegExp(`${BILLING}\\?supended=1$`));
  await expect(admin.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(mainMenu(admin).getByRole('link')).toHaveText(['Billing']);
  // The Billing page says why (contract system.md: 'its members see the suspended message, as after
  // failed payments').
  await expect(admin.getByRole('alert').filter({ hasText: 'Account suspended' })).toContainText('This account has been suspended.');
  await expect(admin.getByTestId('plan-card').getByTestId('billing-status')).toHaveText('Suspended');
  await admin.goto('/clockin');
  await expect(admin).toHaveURL(new RegExp(`${BILLING}\\?supended=1$`));
  const floor = await browser.newContext();
  const staff = await floor.newPage();
  await staff.goto('/login');
  await fillLogin(staff, employee.email, employee.password);
  await expect(staff.getByTestId('suspended')).toHaveText(
    "This account has been suspended, please notify account admin to login and update your company's payment method.",
  );
  await expect(mainMenu(staff).getByRole('link')).toHaveCount(0);
  await floor.close();

  // --- Activated again: the admin works again (she clocks out of the shift support started).
  await page.getByRole('group', { name: 'Company actions' }).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('company-notice')).toHaveText(`${customer.company} is active again.`);
  await expect(companyState(page)).toHaveText('Trial');
  await expect(page.getByRole('group', { name: 'Company actions' }).getByRole('button', { name: 'Suspend' })).toBeVisible();
  await logOut(admin);
  await fillLogin(admin, customer.email, PASSWORD);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(mainMenu(admin).getByRole('link', { name: 'HR Folders' })).toBeVisible();
  await admin.goto('/clockin');
  const own = admin.getByTestId('clock-card');
  await expect(own.getByTestId('clock-state')).toHaveText('Clocked in');
  await own.getByRole('button', { name: 'Clock Out' }).click();
  await expect(own.getByTestId('clock-state')).toHaveText('Clocked out');
  await desk.close();

  // Both are in the company's audit log.
  await page.getByRole('link', { name: 'Its audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/sy5tem/audit\\?companyId=${companyId}$`));
  await expect(entry('suspend-company')).toHaveCount(1);
  await expect(entry('activate-company')).toHaveCount(1);
  await expect(entry('activate-company')).toContainText(OPERATOR.email);
});

test('a promotion code made by the operator halves a new company’s first charge', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const code = `HALF-${uniqueWord().toUpperCase()}`;
  const description = '50% off for 2 months';

  // --- The operator makes the code.
  await operatorSignsIn(page);
  await mainMenu(page).getByRole('link', { name: 'Promotions' }).click();
  await expect(page).toHaveURL(/\/sy5tem\/promot$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await page.getByRole('button', { name: 'New promotion code' }).click();
  const panel = page.getByRole('dialog', { name: 'New promotion code' });
  await panel.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await panel.getByRole('textbox', { name: 'Description' }).fill(description);
  await expect(panel.getByRole('radio', { name: 'Percent off' })).toBeChecked();
  await panel.getByRole('textbox', { name: 'Percent off' }).fill('50');
  await panel.getByRole('textbox', { name: 'Months' }).fill('2');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('promot-notice')).toHaveText(`${code} was saved.`);
  await page.getByRole('searchbox', { name: 'Code or description' }).fill(code);
  const promot = page.getByTestId('promot-row').filter({ hasText: code });
  await expect(page.getByTestId('promot-row')).toHaveCount(1);
  await expect(promot.getByRole('cell')).toHaveText([code, description, '50% off', '2 months', 'Never', /\w{3} \d{2}, \d{4}/, '0', /Edit\s*Delete/]);
  expect(await seriousViolations(page), 'Promotions').toEqual([]);
  await screenshot(page, '24-system-promotions');

  // --- A new company signs up on the signup page with the code.
  const visitor = await browser.newContext();
  const owner = await visitor.newPage();
  const email = uniqueEmail('system-promo');
  const company = `${uniqueWord()} Bakery`;
  const since = Date.now();
  await owner.goto('/signup');
  await field(owner, 'Company').fill(company);
  await field(owner, 'First name').fill('Pia');
  await field(owner, 'Last name').fill(uniqueWord());
  await field(owner, 'Email').fill(email);
  await field(owner, 'Password').fill(PASSWORD);
  await field(owner, 'Promotion code').fill(code.toLowerCase());
  await owner.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(owner.getByText(`Thanks for signing up! We have sent an activation email to ${email}.`, { exact: false })).toBeVisible();
  const verify = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since })).link);
  await owner.goto(`${verify.pathname}${verify.search}`);
  await expect(owner.getByText('Your email is validated. You can now login. Thank you!')).toBeVisible();
  await owner.goto('/login');
  await fillLogin(owner, email, PASSWORD);
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(owner, 'Pia');

  // Billing: the trial with the code; activating it with a card that pays.
  await mainMenu(owner).getByRole('link', { name: 'Billing' }).click();
  await expect(owner).toHaveURL(new RegExp(`${BILLING}$`));
  const plan = owner.getByTestId('plan-card');
  await expect(plan.getByRole('heading', { name: 'Free Trial' })).toBeVisible();
  await expect(plan.getByTestId('promotion')).toContainText(`${code}: ${description} (2 charges left)`);
  await owner.getByRole('button', { name: 'Activate Subscription' }).click();
  await payOnCheckoutPage(owner, CARDS.pays);
  await expect(owner.getByTestId('checkout-message')).toHaveText('Your subscription is active.');
  await expect(owner).toHaveURL(new RegExp(`${BILLING}$`));
  await expect(plan.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expect(plan.getByTestId('billing-status')).toHaveText('Active');
  await expect(plan.getByTestId('promotion')).toContainText(`${code}: ${description} (1 charge left)`);
  // The next charge is still halved: $11.00 − $5.50.
  await expect(plan.getByTestId('charge-breakdown').getByRole('row', { name: /^Total/ })).toHaveText(/Total\s*\$5\.50/);
  // The first month: $8 + $3 × 1 user = $11.00, half off.
  const payments = owner.getByRole('table', { name: 'Past payments' });
  await expect(payments.getByRole('columnheader')).toHaveText(['Date', 'Period', 'Users', 'Base', 'Per User', 'Discount', 'Total', 'Status']);
  const first = owner.getByTestId('charge');
  await expect(first).toHaveCount(1);
  await expect(first.getByRole('cell').nth(2)).toHaveText('1');
  await expect(first.getByRole('cell').nth(3)).toHaveText('$8.00');
  await expect(first.getByRole('cell').nth(4)).toHaveText('$3.00');
  await expect(first.getByRole('cell').nth(5)).toHaveText('−$5.50');
  await expect(first.getByRole('cell').nth(6)).toHaveText('$5.50');
  await expect(first.getByRole('cell').nth(7)).toHaveText('Paid');
  expect(await seriousViolations(owner), 'Billing with a promotion').toEqual([]);
  await screenshot(owner, '24-system-promoted-billing');
  await visitor.close();

  // --- The operator sees who used the code: the new company, one charge left.
  await page.reload();
  await expect(promot.getByRole('button', { name: `Companies using ${code}: 1` })).toBeVisible();
  await promot.getByRole('button', { name: `Companies using ${code}: 1` }).click();
  const used = page.getByRole('dialog', { name: `Companies using ${code}` });
  await expect(used.getByRole('row')).toHaveCount(2);
  await expect(used.getByRole('row').nth(1)).toContainText(company);
  await expect(used.getByRole('row').nth(1)).toContainText('1 charge left');
  await used.getByRole('link', { name: company }).click();
  await expect(page).toHaveURL(/\/sy5tem\/company\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(companyState(page)).toHaveText('Active');
  const billing = page.getByRole('table', { name: 'Billing facts' });
  await expect(billing.getByRole('row', { name: /^Promotion/ })).toContainText(`${code} (${description}), 1 charge left`);
  await expect(billing.getByRole('row', { name: /^Card/ })).toContainText('Visa ending in 4242');
});

test('Customers on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto('/login');
  await fillLogin(page, OPERATOR.email, DEMO_PASSWORD);
  await enterOperatorCode(page);
  await expect(page).toHaveURL(new RegExp(`${CUSTOMERS}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByTestId('company-row').first()).toBeVisible();
  await page.getByTestId('side-bar-toggle').click();
  await expect(page.getByTestId('side-bar').getByRole('link')).toHaveText(SYSTEM_MENU);
  await page.getByTestId('side-bar-toggle').click();
  // The page itself never scrolls sideways: the table scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('searchbox', { name: 'Name or admin e-mail' })).toBeInViewport();
  expect(await seriousViolations(page), 'Customers on a phone').toEqual([]);
  await screenshot(page, '24-system-customers-phone');
  await phone.close();
});
