// Journey 26: an admin imports the company and its staff from AgencyZoom (the local stand-in
// e2e/agencyzoom/server.py, which run.mjs starts and hands the server as AGENCYZOOM_API_BASE).
// From Add Multiple the admin finds the import; the form is checked, a wrong password shows the
// 'Error' warning with the server's message, then 'Please wait ...' and the result: the company's
// new details, the counts and who was (not) imported. HR Folders shows the staff under the
// company's AgencyZoom name, without Add Multiple; each new person got the invitation e-mail.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { dataDir, field, fillLogin, screenshot, signUpByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const AZ_PASSWORD = 'az-journey-secret';

function agencyZoomUrl() {
  const url = process.env.AGENCYZOOM_URL;
  if (!url) throw new Error('AGENCYZOOM_URL is not set: run the journeys through run.mjs');
  return url;
}

test('an admin imports the staff from AgencyZoom and finds them in HR Folders', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A company of its own: the import makes it integrated, which the demo company must not be.
  const email = uniqueEmail('az-owner');
  const signedUpAt = Date.now();
  await signUpByApi(request, { email, firstname: 'Hana', company: 'Harbor Lights Agency', password: PASSWORD });
  const verify = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: signedUpAt })).link);
  const verified = await request.post('/server/v1/account/verify-email', {
    data: { token: verify.searchParams.get('token'), me: verify.searchParams.get('me') },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // The agency in AgencyZoom: its owner (the admin), two colleagues, and a row with a broken e-mail.
  const family = `Zoom${uniqueWord().toLowerCase()}`;
  const staff = [
    { id: 2, firstName: 'Mila', lastName: family, email: uniqueEmail('az-mila'), jobTitle: 'Account Manager', userType: 'manager' },
    { id: 3, firstName: 'Pavel', lastName: family, email: uniqueEmail('az-pavel'), jobTitle: 'Producer', userType: 'user' },
  ];
  const created = await request.post(`${agencyZoomUrl()}/_admin/agencies`, {
    data: {
      agency: { name: 'Harbor Lights Insurance', phone: '(207) 555-0142', email: 'office@harborlights.example.com', address: '1 Pier Road', city: 'Portland', state: 'ME', zip: '04101' },
      employees: [
        { id: 1, firstName: 'Hana', lastName: 'Harbor', email, userType: 'owner', jobTitle: 'Principal', password: AZ_PASSWORD },
        ...staff,
        { id: 4, firstName: 'Tia', lastName: family, email: 'tia.at.example.com', userType: 'user' },
      ],
      // Long enough to see 'Please wait ...'.
      behaviour: { delaySeconds: 1, delayPath: '/v1/api/employees' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'HR Folders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Lights Agency' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Multiple' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/add-batch$/);
  await page.getByRole('link', { name: 'Import from AgencyZoom' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/import-agencyzoom$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import from AgencyZoom' })).toBeVisible();
  await expect(page.getByTestId('import-note')).toContainText("You must be an account admin of your agency's AgencyZoom");

  // The form: the e-mail is the signed-in user's; the password is required.
  const form = page.getByRole('form', { name: 'Import from AgencyZoom' });
  await expect(field(page, 'AgencyZoom login e-mail')).toHaveValue(email);
  await form.getByRole('button', { name: 'Import now' }).click();
  await expect(form.getByText('Please input the Password')).toBeVisible();
  const password = field(page, 'AgencyZoom password');
  await password.fill('not-my-password');
  await form.getByRole('button', { name: 'Import now' }).click();
  const warning = page.getByTestId('form-message').filter({ hasText: 'AgencyZoom did not accept this e-mail and password.' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Error');
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);

  // The import.
  await password.fill(AZ_PASSWORD);
  await form.getByRole('button', { name: 'Import now' }).click();
  await expect(form.getByRole('button', { name: 'Please wait ...' })).toBeDisabled();
  const result = page.getByTestId('import-result');
  await expect(result.getByText('Your company information has been updated.')).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText('3 employees imported, 2 accounts created.');
  const imported = page.getByTestId('import-success');
  for (const person of staff) {
    await expect(imported.getByRole('row').filter({ hasText: person.email })).toContainText('Added, invitation sent');
  }
  await expect(page.getByTestId('import-failure').getByRole('row').filter({ hasText: 'tia.at.example.com' })).toContainText(
    'Oops! Looks like you have a typo.',
  );
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '26-agencyzoom-import');

  // HR Folders: the company's AgencyZoom name, the staff, and no Add Multiple.
  await page.getByRole('link', { name: 'Go to HR Folders' }).click();
  await expect(page).toHaveURL(/\/admin\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Lights Insurance' })).toBeVisible();
  for (const person of staff) {
    const row = page.getByTestId('employee-row').filter({ hasText: `${person.firstName} ${person.lastName}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText(person.jobTitle);
  }
  await expect(page.getByTestId('employee-row').filter({ hasText: 'Hana Harbor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Multiple' })).toHaveCount(0);

  // Each new person got the normal invitation.
  for (const person of staff) {
    const mail = await waitForMail(dataDir(), { to: person.email, pathPart: '/verify-email?', since: signedUpAt });
    expect(mail.subject).toBe('Harbor Lights Insurance invited you to Timekeep');
  }
});
