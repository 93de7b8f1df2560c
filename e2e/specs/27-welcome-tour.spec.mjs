// Journey 27: the first-run welcome and guided tour (spec 000 §2, §4; 001 §2 `inJoyride`).
// A new admin and a new employee each walk their tour on a desktop and on a phone: the welcome,
// 'Get Started', every step (the menu opened first where the step is in it), the done modal
// and its link to /my-profile. Finishing is recorded on the person: a sign-in in a new browser
// context shows no welcome. The desktop admin goes on from the done modal to add employees
// during the tour, and the list offers 'Setup PTO Now'.
import { expect, test } from '@playwright/test';
import { apiCall, fillLogin, invitedEmployee, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

const ADMIN_STEPS = ['HR Folders', 'PTO', 'Dashboard', 'Timesheets', 'Inbox', 'HR Broadcasts', 'Quick Add'];
const EMPLOYEE_STEPS = ['Clock', 'My Team', 'Time Off', "What's Happening", 'My HR', 'Timesheet'];
/** What each step must point at (its `data-tour` mark), by title. */
const TARGETS = {
  'HR Folders': 'menu-hr-folders',
  PTO: 'menu-pto',
  Dashboard: 'menu-dashboard',
  Timesheets: 'menu-timesheets',
  Inbox: 'menu-inbox',
  'HR Broadcasts': 'menu-hr-broadcasts',
  'Quick Add': 'quick-add',
  Clock: 'menu-clock',
  'My Team': 'menu-my-team',
  'Time Off': 'menu-time-off',
  "What's Happening": 'whats-happening',
  'My HR': 'menu-my-hr',
  Timesheet: 'menu-timesheet',
};

/** Whether what lies on top at the centre of the highlighted element (the tour's own layers aside) is that element. */
const highlightedIsOnTop = (page) =>
  page.evaluate(() => {
    const target = document.querySelector('.driver-active-element');
    if (!target) return 'nothing highlighted';
    const rect = target.getBoundingClientRect();
    const top = document
      .elementsFromPoint(rect.left + rect.width / 2, rect.top + Math.min(rect.height / 2, 20))
      .find((element) => !element.closest('.driver-popover, .driver-overlay'));
    return top && (top === target || target.contains(top)) ? 'on top' : `covered by ${top?.outerHTML.slice(0, 80)}`;
  });

/** An employee of that company who took the e-mailed invitation and set a password (through the API). */
const newEmployee = (request, adminEmail, label) => invitedEmployee(request, adminEmail, label, PASSWORD);

/** Signs in through the form, keeping the tour, and starts it from the welcome. */
async function welcomeAndStart(page, { email, firstname }) {
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD, { tour: true });
  const welcome = page.getByRole('dialog', { name: 'Welcome to Timekeep!' });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(`Hi ${firstname}`);
  const started = Date.now();
  await welcome.getByRole('button', { name: 'Get Started' }).click();
  await expect(welcome).toBeHidden();
  return started;
}

/**
 * Walks the tour: each step's popover names its step, points at its marked target (shown on
 * screen), and 'Next' (on the last, 'Finish') moves on. Returns the done modal.
 */
async function walk(page, steps, { phone, shot }) {
  for (const [index, title] of steps.entries()) {
    const step = page.getByRole('dialog', { name: title, exact: true });
    await expect(step).toBeVisible();
    await expect(step).toContainText(`${index + 1} of ${steps.length}`);
    const target = page.locator('.driver-active-element');
    await expect(target).toHaveCount(1);
    await expect(target).toBeInViewport();
    // The step points at its own element, and nothing (a drawer, a sheet) lies over it.
    await expect(target).toHaveAttribute('data-tour', TARGETS[title]);
    expect(await highlightedIsOnTop(page), title).toBe('on top');
    await expect(page.getByRole('dialog', { name: 'Response Required' })).toHaveCount(0);
    // Menu steps point into the side bar, which a phone opened for them.
    if (title !== "What's Happening" && title !== 'Quick Add') {
      await expect(page.getByTestId('side-bar').locator('.driver-active-element')).toHaveCount(1);
    }
    if (phone && title === "What's Happening") await expect(page.getByTestId('side-bar')).not.toBeInViewport();
    if (index === 0 || title === "What's Happening") await page.screenshot({ path: `artifacts/${shot}-step-${index + 1}.png` });
    await step.getByRole('button', { name: index === steps.length - 1 ? 'Finish' : 'Next' }).click();
  }
  const done = page.getByRole('dialog', { name: "You're all set!" });
  await expect(done).toBeVisible();
  await expect(page.locator('.driver-popover')).toHaveCount(0);
  return done;
}

/** A sign-in in a browser context of its own (another device) shows no welcome. */
async function noWelcomeElsewhere(browser, person, landing, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, person.email, PASSWORD, { tour: true });
  await expect(page).toHaveURL(landing);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeAttached();
  // The welcome would open with the shell; give it the time it would take.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: 'Welcome to Timekeep!' })).toHaveCount(0);
  await context.close();
}

test.describe('on a desktop', () => {
  test("an admin's tour, then employees added during it and 'Setup PTO Now'", async ({ page, browser, request }) => {
    const admin = await signUpVerifiedByApi(request, 'tour-admin', PASSWORD);
    const started = await welcomeAndStart(page, admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // Admins expand the menu first; the first step waits a second for it.
    await expect(page.getByTestId('side-bar')).toBeInViewport();
    await expect(page.getByRole('dialog', { name: 'HR Folders', exact: true })).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await expect(page.getByRole('dialog', { name: 'HR Folders', exact: true })).toContainText('Start here: add your employees');
    const done = await walk(page, ADMIN_STEPS, { phone: false, shot: '27-admin' });
    await expect(done.getByRole('link', { name: 'Update My Profile' })).toHaveAttribute('href', '/my-profile');
    await screenshot(page, '27-tour-done-admin');

    // From the done modal to adding the staff, during the tour.
    await done.getByRole('link', { name: 'Add Your Employees' }).click();
    await expect(page).toHaveURL(/\/admin\/manage\/add-batch\?inJoyride=1$/);
    const { token } = await loginByApi(request, admin.email, PASSWORD);
    const role = `${uniqueWord()} Producer`;
    await apiCall(request, token, 'POST', '/settings/update-role-type', { data: { name: role } });
    await page.reload();
    await page.getByRole('textbox', { name: 'Name, row 1', exact: true }).fill(`${uniqueWord()} ${uniqueWord()}`);
    await page.getByRole('textbox', { name: 'Email, row 1', exact: true }).fill(uniqueEmail('tour-staff'));
    await page.getByRole('combobox', { name: 'Job Role, row 1', exact: true }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/manage\?inJoyride=1$/);
    const onboarding = page.getByTestId('onboarding-pto');
    await expect(onboarding).toContainText('Your employees are in!');
    await onboarding.getByRole('link', { name: 'Setup PTO Now' }).click();
    await expect(page).toHaveURL(/\/admin\/ptomanage$/);

    await noWelcomeElsewhere(browser, admin, /\/admin\/dashboard$/);
  });

  test("an employee's tour: Clock, My Team, Time Off, What's Happening, My HR, Timesheet", async ({ page, browser, request }) => {
    const admin = await signUpVerifiedByApi(request, 'tour-owner', PASSWORD);
    const employee = await newEmployee(request, admin.email, 'tour-employee');
    await welcomeAndStart(page, employee);
    await expect(page).toHaveURL(/\/clockin$/);
    const done = await walk(page, EMPLOYEE_STEPS, { phone: false, shot: '27-employee' });
    await screenshot(page, '27-tour-done-employee');
    await done.getByRole('link', { name: 'Update My Profile' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(done).toBeHidden();
    await noWelcomeElsewhere(browser, employee, /\/clockin$/);
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test("an admin's tour opens the menu that covers the page, and closes it at the end", async ({ page, browser, request }) => {
    const admin = await signUpVerifiedByApi(request, 'tour-phone-admin', PASSWORD);
    await welcomeAndStart(page, admin);
    await expect(page.getByRole('dialog', { name: 'HR Folders', exact: true })).toBeVisible();
    await expect(page.getByTestId('side-bar')).toBeInViewport();
    const done = await walk(page, ADMIN_STEPS, { phone: true, shot: '27-admin-phone' });
    await expect(page.getByTestId('side-bar')).not.toBeInViewport();
    // No sideways scrolling with the modal open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, '27-tour-done-admin-phone');
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(done).toBeHidden();
    await noWelcomeElsewhere(browser, admin, /\/admin\/dashboard$/, PHONE);
  });

  test('an employee with a document to send: the tour first, on its own targets, and the sheet only after it', async ({ page, request }) => {
    const admin = await signUpVerifiedByApi(request, 'tour-sheet-owner', PASSWORD);
    const employee = await newEmployee(request, admin.email, 'tour-sheet-employee');
    const { token } = await loginByApi(request, admin.email, PASSWORD);
    const kind = await apiCall(request, token, 'POST', '/settings/update-doc-type', { data: { name: `W-4 ${uniqueWord()}` } });
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await apiCall(request, token, 'POST', '/manage/add-doc-request', { data: { employeeId: employee.eid, docTypeId: kind.id, dueDate: due } });
    await welcomeAndStart(page, employee);
    const done = await walk(page, EMPLOYEE_STEPS, { phone: true, shot: '27-employee-sheet-phone' });
    await expect(page.getByRole('dialog', { name: 'Response Required' })).toHaveCount(0);
    await done.getByRole('link', { name: 'Update My Profile' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
    // The tour is over: now the sheet opens, once.
    const dock = page.getByTestId('task-dock');
    await expect(dock.getByRole('button', { name: `Upload ${kind.name}` })).toBeVisible();
  });

  test("an employee's tour closes the menu for the card on the page and opens it again", async ({ page, browser, request }) => {
    const admin = await signUpVerifiedByApi(request, 'tour-phone-owner', PASSWORD);
    const employee = await newEmployee(request, admin.email, 'tour-phone-employee');
    await welcomeAndStart(page, employee);
    const done = await walk(page, EMPLOYEE_STEPS, { phone: true, shot: '27-employee-phone' });
    await done.getByRole('link', { name: 'Update My Profile' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
    await noWelcomeElsewhere(browser, employee, /\/clockin$/, PHONE);
  });
});
