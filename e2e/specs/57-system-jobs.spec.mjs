// Journey 57 (issue 44): the platform operator's Jobs screen (/sy5tem/jobs), the scheduled work
// shared by every server instance.
//
// - The operator (the demo's Sam Operator) signs in on the login page (with his second factor)
//   and opens Jobs from the system menu: its Schedule table names the server's jobs
//   (pto-accruals, missed-punches, hr-celebrations), each with its runs and a state.
// - `timekeep jobs run missed-punches` (support/jobs.mjs) runs the job once more; Refresh reads the
//   screen again: the job's runs went up, and the newest missed-punches run in Recent runs is OK,
//   its one batch done (1/1), with how long it took and the instance that did it ('<pid>-<token>: 1').
// - axe finds nothing serious on the screen.
// - A company admin's GET /system/jobs is answered 404 (the operator's only).
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { runJob } from '../support/jobs.mjs';
import { apiCall, DEMO, DEMO_PASSWORD, expectShell, fillLogin, loginByApi, screenshot, signUpVerifiedByApi } from '../support/journey.mjs';
import { enterOperatorCode } from '../support/two-factor.mjs';

const CUSTOMERS = '/sy5tem/adm1n';
const JOBS = '/sy5tem/jobs';
const SYSTEM_MENU = ['Customers', 'Statistics', 'Reset Password', 'Impersonation', 'Promotions', 'Employees', 'Audit log', 'Accrual health', 'Jobs'];
const OPERATOR = { email: DEMO.sysadmin, firstname: 'Sam' };
const JOB = 'missed-punches';

const mainMenu = (page) => page.getByRole('navigation', { name: 'Main menu' });

/** The operator signs in on the login page and lands on Customers, with the system menu alone. */
async function operatorSignsIn(page) {
  await page.goto('/login');
  await fillLogin(page, OPERATOR.email, DEMO_PASSWORD);
  // The operator always has a second factor (issue 43; run.mjs enrolled it).
  await enterOperatorCode(page);
  await expect(page).toHaveURL(new RegExp(`${CUSTOMERS}$`));
  await expectShell(page, OPERATOR.firstname);
  await expect(mainMenu(page).getByRole('link')).toHaveText(SYSTEM_MENU);
}

/** A job's row of the Schedule table. */
const jobRow = (page, name) => page.getByRole('table', { name: 'Jobs' }).getByTestId('job-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** The number in a job's Runs cell ('1,234' → 1234). */
async function runsOf(page, name) {
  const text = (await jobRow(page, name).getByRole('cell').nth(1).textContent()) ?? '';
  return Number(text.replace(/,/g, ''));
}

test('the operator reads the scheduled jobs and their recent runs, and refreshes them', async ({ page, request }) => {
  test.setTimeout(180_000);
  await operatorSignsIn(page);

  // --- Jobs, from the system menu.
  await mainMenu(page).getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(new RegExp(`${JOBS}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
  const schedule = page.getByRole('table', { name: 'Jobs' });
  await expect(schedule.getByRole('columnheader')).toHaveText(['Job', 'Runs', 'Last finished', 'Next due', 'Status']);
  for (const name of ['pto-accruals', JOB, 'hr-celebrations']) {
    await expect(jobRow(page, name)).toHaveCount(1);
    await expect(jobRow(page, name).getByRole('cell').nth(4)).toHaveText(/^(OK|Never ran|Failed: .+)$/s);
  }
  const before = await runsOf(page, JOB);
  expect(Number.isInteger(before)).toBe(true);

  // --- The job runs once more (as the CLI does it); Refresh shows it.
  const line = await runJob(JOB, new Date());
  expect(line).toMatch(new RegExp(`^${JOB}: `));
  const runs = page.getByRole('table', { name: 'Recent runs' });
  await expect(runs.getByRole('columnheader')).toHaveText(['Job', 'As of', 'Status', 'Batches', 'People', 'Took', 'By instance']);
  const newest = runs.getByTestId('job-run').filter({ has: page.getByRole('cell', { name: JOB, exact: true }) }).first();
  // The server's own scheduler runs this job every 5 minutes too: its newest run may be under way
  // for a moment, so Refresh is pressed until it is over.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(await runsOf(page, JOB)).toBeGreaterThan(before);
    await expect(newest.getByRole('cell').nth(2)).toHaveText('OK', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(jobRow(page, JOB).getByRole('cell').nth(4)).toHaveText('OK');
  await expect(jobRow(page, JOB).getByRole('cell').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
  await expect(newest.getByRole('cell').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
  // The whole job is one batch, done by the one instance that claimed it.
  await expect(newest.getByRole('cell').nth(3)).toHaveText('1/1');
  await expect(newest.getByRole('cell').nth(4)).toHaveText(/^\d[\d,]*$/);
  await expect(newest.getByRole('cell').nth(5)).toHaveText(/^\d[\d,]*\.\d s$/);
  await expect(newest.getByRole('cell').nth(6)).toHaveText(/^\d+-\S+: 1$/);

  expect(await seriousViolations(page), 'Jobs').toEqual([]);
  await screenshot(page, '57-system-jobs');

  // --- The operator's only: a company admin's call is answered as if there were no such page.
  const admin = await signUpVerifiedByApi(request, 'system-jobs');
  const { token } = await loginByApi(request, admin.email, 'journey-secret-42');
  await apiCall(request, token, 'GET', '/system/jobs', { status: 404 });
});
