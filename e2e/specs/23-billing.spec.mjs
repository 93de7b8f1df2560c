// Journey 23: billing (issue 22), against the Stripe harness (run.mjs gives the server billing).
// A new company's admin opens Billing from the menu: the free trial; 'Activate Subscription' leads
// to the hosted checkout page, a card that pays brings her back subscribed, with the next charge
// and the first month paid ($8 + $3 × 1 user). Two employees join; a month later (the charge job
// run as if it were then) the second month is $17.00. A card that is declined when charged
// replaces hers; at the next charge day it is declined, then retried 1, 3 and 7 days later: past
// due after the first decline, suspended after the last (the admin sees only Billing, an employee
// the suspended message). A card that pays settles what is owed and reactivates the company.
// Finally she cancels the account: signed out, and signed in no more. A phone shows the trial's
// Billing screen whole. axe finds nothing serious.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { CARDS, chargeRunCounts, payOnCheckoutPage, runCharges } from '../support/billing.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, dataDir, expectShell, fillLogin, logOut, loginByApi, screenshot, signUpByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const BILLING = '/admin/manage/my-account';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A company day as the screens show it (001 §9), '2026-12-27' -> 'Dec 27, 2026'. */
const shownDay = (iso) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(8, 10)}, ${iso.slice(0, 4)}`;
const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;

/** A new company, signed up through the API with its admin's address verified. */
async function newCompany(request, label, firstname) {
  const email = uniqueEmail(label);
  const company = `${uniqueWord()} Agency`;
  const signedUpAt = Date.now();
  await signUpByApi(request, { email, firstname, company, password: PASSWORD });
  const verify = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: signedUpAt })).link);
  const verified = await request.post('/server/v1/account/verify-email', {
    data: { token: verify.searchParams.get('token'), me: verify.searchParams.get('me') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, company };
}

/**
 * An employee added through the API who takes the e-mailed invitation and sets a password
 * (through the API: the invitation's journey is 09).
 */
async function addEmployee(request, adminToken, firstname, password) {
  const lastname = uniqueWord();
  const email = uniqueEmail(`billing-${firstname.toLowerCase()}`);
  const addedAt = Date.now();
  const saved = await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname, email, permission: 'employee' } });
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

const mainMenu = (page) => page.getByRole('navigation', { name: 'Main menu' });

/** The subject of the newest mail to `to` since `since` that links to Billing (the charge job's). */
const mailSubject = async (to, since) => (await waitForMail(dataDir(), { to, pathPart: BILLING, since })).subject;

/** The plan card's charge breakdown: base, per user (rate × users), total. */
async function expectBreakdown(page, { users, perUserTotal, total }) {
  const breakdown = page.getByTestId('plan-card').getByTestId('charge-breakdown');
  await expect(breakdown.getByRole('row').nth(0)).toHaveText(/Base\s*\$8\.00/);
  await expect(breakdown.getByRole('row').nth(1)).toContainText(`Per user ($3.00 × ${users} ${users === 1 ? 'user' : 'users'})`);
  await expect(breakdown.getByRole('row').nth(1)).toContainText(perUserTotal);
  await expect(breakdown.getByRole('row').nth(2)).toHaveText(new RegExp(`Total\\s*\\${total}`));
}

test('an admin subscribes, is charged monthly, is suspended after a declined card, pays, and cancels the account', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const { email } = await newCompany(request, 'billing', 'Bea');

  // --- Billing, from the menu: the free trial.
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, 'Bea');
  await mainMenu(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(new RegExp(`${BILLING}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const plan = page.getByTestId('plan-card');
  await expect(plan.getByRole('heading', { name: 'Free Trial' })).toBeVisible();
  await expect(plan.getByTestId('billing-status')).toHaveText('Free trial');
  const { token } = await loginByApi(request, email, PASSWORD);
  const trial = await apiCall(request, token, 'GET', '/myaccount/data');
  expect(trial.status).toBe('trial');
  expect(trial.trialDaysLeft).toBe(30);
  expect(trial.totalCharge).toBe(1100);
  await expect(plan.getByTestId('trial-end')).toContainText(shownDay(trial.trialEnd));
  await expect(plan.getByTestId('trial-days-left')).toContainText('30');
  await expectBreakdown(page, { users: 1, perUserTotal: '$3.00', total: '$11.00' });
  await expect(page.getByTestId('no-card')).toHaveText('There is no card on file.');
  await expect(page.getByTestId('no-payments')).toHaveText('There are no past payments.');
  expect(await seriousViolations(page), 'the trial on Billing').toEqual([]);

  // --- Activation: the hosted checkout page, a card that pays, and back.
  await page.getByRole('button', { name: 'Activate Subscription' }).click();
  await payOnCheckoutPage(page, CARDS.pays);
  await expect(page.getByTestId('checkout-message')).toHaveText('Your subscription is active.');
  // The checkout's session id leaves the address (a reload does not send it again).
  await expect(page).toHaveURL(new RegExp(`${BILLING}$`));
  await expect(plan.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expect(plan.getByTestId('billing-status')).toHaveText('Active');
  const active = await apiCall(request, token, 'GET', '/myaccount/data');
  expect(active.status).toBe('active');
  expect(active.trialEnd).toBeNull();
  await expect(plan.getByTestId('next-charge-date')).toContainText(shownDay(active.subscription.nextChargeDate));
  await expect(plan.getByTestId('subscription-start')).toContainText(shownDay(active.subscription.startDate));
  await expectBreakdown(page, { users: 1, perUserTotal: '$3.00', total: '$11.00' });
  await expect(page.getByTestId('card-on-file')).toContainText('Visa ending in 4242');
  await expect(page.getByTestId('card-on-file')).toContainText('Expires 12/2030');
  const payments = page.getByTestId('charge');
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toContainText('$11.00');
  await expect(payments.first()).toContainText('Paid');
  expect(await seriousViolations(page), 'the subscription on Billing').toEqual([]);
  await screenshot(page, '23-billing-active');

  // --- Two employees join; the charge job a month later: $8 + $3 × 3 users.
  const ivy = await addEmployee(request, token, 'Ivy', 'ivy-secret-4242');
  await addEmployee(request, token, 'Jon', 'jon-secret-4242');
  expect(chargeRunCounts(await runCharges(new Date(Date.now() + 32 * DAY_MS))).paid).toBeGreaterThanOrEqual(1);
  const afterMonth = await apiCall(request, token, 'GET', '/myaccount/charges', { params: { page: 1 } });
  expect(afterMonth.chargeCount).toBe(2);
  expect(afterMonth.charges[0]).toMatchObject({ userCount: 3, baseAmount: 800, perUserAmount: 900, totalAmount: 1700, status: 'paid' });
  await page.reload();
  await expect(payments).toHaveCount(2);
  await expect(payments.first()).toContainText('$17.00');
  await expect(payments.first()).toContainText('Paid');
  await expect(payments.nth(1)).toContainText('$11.00');
  await expectBreakdown(page, { users: 3, perUserTotal: '$9.00', total: '$17.00' });
  const subscribed = await apiCall(request, token, 'GET', '/myaccount/data');
  expect(subscribed.subscription.nextChargeDate > active.subscription.nextChargeDate).toBe(true);
  await expect(plan.getByTestId('next-charge-date')).toContainText(shownDay(subscribed.subscription.nextChargeDate));

  // --- A new card, declined when charged: nothing is owed, so it is just saved.
  await page.getByRole('button', { name: 'Update Card' }).click();
  await payOnCheckoutPage(page, CARDS.declinedWhenCharged);
  await expect(page.getByTestId('checkout-message')).toHaveText('Your payment method has been updated.');
  await expect(page.getByTestId('card-on-file')).toContainText('Visa ending in 0341');
  await expect(plan.getByTestId('billing-status')).toHaveText('Active');

  // --- The next charge day: declined. Past due, and the admin is told.
  const due = Date.parse(`${subscribed.subscription.nextChargeDate}T12:00:00Z`);
  let mailedFrom = Date.now();
  expect(chargeRunCounts(await runCharges(new Date(due))).declined).toBeGreaterThanOrEqual(1);
  await expect.poll(() => mailSubject(email, mailedFrom)).toBe('Your Timekeep payment was declined');
  const pastDue = await apiCall(request, token, 'GET', '/myaccount/data');
  expect(pastDue).toMatchObject({ status: 'past_due', amountDue: 1700 });
  await page.reload();
  await expect(plan.getByTestId('billing-status')).toHaveText('Past due');
  await expect(page.getByRole('status').filter({ hasText: 'Payment failed' })).toContainText(
    `A payment failed; we will retry it. Please update your card. Amount due: ${dollars(pastDue.amountDue)}.`,
  );
  await expect(payments.first()).toContainText('$17.00');
  await expect(payments.first()).toContainText('Retrying');
  expect(await seriousViolations(page), 'a past-due company on Billing').toEqual([]);

  // Retried 1, 3 and 7 days after the first decline (each run a minute after the retry is due).
  for (const [days, minutes] of [[1, 1], [3, 2]]) {
    expect(chargeRunCounts(await runCharges(new Date(due + days * DAY_MS + minutes * MINUTE_MS))).declined).toBeGreaterThanOrEqual(1);
    expect((await apiCall(request, token, 'GET', '/myaccount/data')).status).toBe('past_due');
  }
  mailedFrom = Date.now();
  expect(chargeRunCounts(await runCharges(new Date(due + 7 * DAY_MS + 3 * MINUTE_MS))).suspended).toBeGreaterThanOrEqual(1);
  await expect.poll(() => mailSubject(email, mailedFrom)).toBe('Your Timekeep account has been suspended');
  const suspended = await apiCall(request, token, 'GET', '/myaccount/data');
  expect(suspended.status).toBe('suspended');
  expect(suspended.amountDue).toBe(1700);
  const failed = await apiCall(request, token, 'GET', '/myaccount/charges', { params: { page: 1 } });
  expect(failed.charges[0]).toMatchObject({ totalAmount: 1700, status: 'failed', attempts: 4 });

  // --- Suspended: signing in again, the admin lands on Billing, has it alone in the menu, and
  // every other screen sends her there.
  await logOut(page);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${BILLING}\\?supended=1$`));
  await expect(page.getByRole('alert').filter({ hasText: 'Account suspended' })).toContainText(
    "This account has been suspended. Please update your company's payment method",
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Account suspended' })).toContainText('Amount due: $17.00.');
  await expect(plan.getByTestId('billing-status')).toHaveText('Suspended');
  await expect(mainMenu(page).getByRole('link')).toHaveText(['Billing']);
  await page.goto('/admin/manage');
  await expect(page).toHaveURL(new RegExp(`${BILLING}\\?supended=1$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  expect(await seriousViolations(page), 'a suspended company on Billing').toEqual([]);
  await screenshot(page, '23-billing-suspended');

  // An employee signing in is told to ask the admin.
  const desk = await browser.newContext();
  const employee = await desk.newPage();
  await employee.goto('/login');
  await fillLogin(employee, ivy.email, ivy.password);
  await expect(employee.getByTestId('suspended')).toHaveText(
    "This account has been suspended, please notify account admin to login and update your company's payment method.",
  );
  // The notice stands in for every screen, and the menu is empty.
  await expect(mainMenu(employee).getByRole('link')).toHaveCount(0);
  await desk.close();

  // --- A card that pays: what is owed is charged and the company is active again.
  await page.getByRole('button', { name: 'Update Card' }).click();
  await payOnCheckoutPage(page, CARDS.pays);
  await expect(page.getByTestId('checkout-message')).toHaveText('Your payment method has been updated.');
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back! Your account is active again.' })).toBeVisible();
  await expect(plan.getByTestId('billing-status')).toHaveText('Active');
  await expect(page.getByTestId('card-on-file')).toContainText('Visa ending in 4242');
  await expect(mainMenu(page).getByRole('link', { name: 'HR Folders' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(payments.first()).toContainText('$17.00');
  await expect(payments.first()).toContainText('Paid');
  const reactivated = await apiCall(request, token, 'GET', '/myaccount/data');
  expect(reactivated).toMatchObject({ status: 'active', amountDue: 0 });
  const settled = await apiCall(request, token, 'GET', '/myaccount/charges', { params: { page: 1 } });
  expect(settled.charges.map((charge) => charge.status)).toEqual(['paid', 'paid', 'paid']);
  await mainMenu(page).getByRole('link', { name: 'HR Folders' }).click();
  await expect(page).toHaveURL(/\/admin\/manage$/);
  await mainMenu(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(new RegExp(`${BILLING}$`));

  // --- Cancelling the account: asked first, then signed out; the login is gone.
  await page.getByRole('button', { name: 'Cancel Account' }).click();
  const confirm = page.getByRole('dialog', { name: "Once you hit cancel there's no going back!" });
  await expect(confirm).toContainText('All your data will be deleted once your account is cancelled. It cannot be undone.');
  expect(await seriousViolations(page), 'the cancel question').toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, Cancel Account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been cancelled.' })).toBeVisible();
  const cancelledAt = Date.now();
  await expect(page.getByText('Signing you out ...')).toBeVisible();
  // Signed out about 2 s after the answer (the message was seen a moment after it came).
  await expect(page).toHaveURL(/\/login$/);
  expect(Date.now() - cancelledAt).toBeGreaterThanOrEqual(1000);
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByTestId('form-error')).toContainText('Incorrect email or password.');
  const gone = await request.post('/server/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(gone.status()).toBe(401);
});

test('a new company’s admin reads the trial on Billing on a phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { email } = await newCompany(request, 'billing-phone', 'Pia');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByTestId('side-bar-toggle').click();
  await page.getByTestId('side-bar').getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(new RegExp(`${BILLING}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const plan = page.getByTestId('plan-card');
  await expect(plan.getByRole('heading', { name: 'Free Trial' })).toBeVisible();
  await expect(plan.getByTestId('trial-days-left')).toContainText('30');
  await expect(page.getByTestId('no-payments')).toBeVisible();
  // Whole on a phone: no sideways scrolling, the activate button within reach.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const activate = page.getByRole('button', { name: 'Activate Subscription' });
  await activate.scrollIntoViewIfNeeded();
  await expect(activate).toBeInViewport({ ratio: 1 });
  expect(await seriousViolations(page), 'Billing on a phone').toEqual([]);
  await screenshot(page, '23-billing-phone');
  await phone.close();
});
