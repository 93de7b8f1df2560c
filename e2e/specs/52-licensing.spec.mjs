// Journey 52 (issue 42): producer licences, the compliance page and a CE credit from My HR.
//
// - In a company of its own, the owner admin adds five producers (one of them takes the e-mailed
//   invitation and sets a password) and their carrier appointments in TX, CA, FL and NY (API).
// - The admin opens Licensing → Import and uploads a CSV of 20 licences (five producers × four
//   states): two expire within 60 days of today, the rest more than a year out. The screen says
//   '20 imported'.
// - On Licensing → Compliance, 'Due soon' counts exactly those two, and filtering by 'Due soon'
//   shows those two producers in those states; the admin's folder of the first producer shows the
//   Licensing tab with his four licences.
// - The first producer's TX licence gets its CE requirement from the state's rule (API). He signs
//   in, opens My HR, reads 'Ethics 0 of N h' under his TX licence, adds a CE credit of 2 ethics
//   hours with a certificate (a tiny PDF built here) and reads 'Ethics 2 of N h'.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { waitForMail } from '../support/mail.mjs';
import { apiCall, claimsOf, dataDir, fillLogin, loginByApi, screenshot, signUpVerifiedByApi, uniqueEmail, uniqueWord } from '../support/journey.mjs';

const PASSWORD = 'journey-secret-42';
const ZONE = 'America/New_York';
const STATES = ['TX', 'CA', 'FL', 'NY'];

const iso = (date) => date.toISOString().slice(0, 10);
const plusDays = (date, days) => new Date(date.getTime() + days * 86_400_000);

/** The company's today as a UTC-noon Date (for day arithmetic). */
const companyToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())}T12:00:00Z`);

/**
 * A tiny valid PDF (one empty page): the header `%PDF-1.4`, four objects, the cross-reference table
 * with their byte offsets, and the trailer.
 */
function tinyPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A producer the admin adds (no sign-in): names, e-mail and id. */
async function addedProducer(request, adminToken, label) {
  const email = uniqueEmail(label);
  const firstname = uniqueWord();
  const lastname = uniqueWord();
  const saved = await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname, email, permission: 'employee' } });
  return { email, firstname, lastname, name: `${firstname} ${lastname}`, eid: saved.employee.id };
}

/** A producer the admin adds who took the e-mailed invitation and set `PASSWORD`. */
async function invitedProducer(request, adminToken, label) {
  const email = uniqueEmail(label);
  const firstname = uniqueWord();
  const lastname = uniqueWord();
  const addedAt = Date.now();
  const saved = await apiCall(request, adminToken, 'POST', '/manage/add-user', { data: { firstname, lastname, email, permission: 'employee' } });
  const invitation = new URL((await waitForMail(dataDir(), { to: email, pathPart: '/verify-email?', since: addedAt })).link);
  const signedIn = await request.post('/server/v1/auth/login', {
    data: { base64Email: invitation.searchParams.get('me'), securityToken: invitation.searchParams.get('securityToken') },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = await signedIn.json();
  await apiCall(request, token, 'POST', '/auth/change-my-password', { data: { newPassword: PASSWORD, retypePassword: PASSWORD } });
  return { email, firstname, lastname, name: `${firstname} ${lastname}`, eid: saved.employee.id ?? claimsOf(token).eid };
}

/** A CSV field, quoted when it needs to be. */
const csvField = (value) => (/[",\n;]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));

test('an admin imports 20 licences and sees the two due soon; a producer adds a CE credit with its certificate in My HR', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const signedUp = await signUpVerifiedByApi(request, 'licensing-owner', PASSWORD);
  const { token: adminToken } = await loginByApi(request, signedUp.email, PASSWORD);

  const today = companyToday();
  const first = await invitedProducer(request, adminToken, 'licensing-producer');
  const producers = [first];
  for (let i = 1; i < 5; i += 1) producers.push(await addedProducer(request, adminToken, `licensing-producer-${i}`));

  // Every producer is appointed by a carrier in each of the four states, from a month ago.
  const carrier = `Carrier ${uniqueWord()}`;
  for (const producer of producers) {
    for (const state of STATES) {
      await apiCall(request, adminToken, 'POST', '/licensing/appointments', {
        data: { employeeId: producer.eid, carrier, state, effectiveOn: iso(plusDays(today, -30)) },
      });
    }
  }

  // 20 licences: two expire within 60 days (the second producer's FL, the third's NY), the rest in about two years.
  const dueSoon = [
    { producer: producers[1], state: 'FL', days: 30 },
    { producer: producers[2], state: 'NY', days: 45 },
  ];
  const header = ['email', 'npn', 'resident_state', 'state', 'licence_number', 'licence_type', 'lines', 'residency', 'issued_on', 'status', 'expires_on'];
  const rows = [];
  const numbers = new Map();
  producers.forEach((producer, p) => {
    const npn = String(Date.now() % 1_000_000_0 + p).slice(-8);
    producer.npn = npn;
    for (const state of STATES) {
      const soon = dueSoon.find((d) => d.producer === producer && d.state === state);
      const expires = soon ? plusDays(today, soon.days) : plusDays(today, 700);
      const issued = soon ? plusDays(expires, -730) : plusDays(today, -30);
      const number = `${state}${npn}${p}`;
      numbers.set(`${producer.eid}-${state}`, number);
      rows.push([
        producer.email,
        npn,
        'TX',
        state,
        number,
        state === 'TX' ? 'General Lines Agent' : 'Non-resident Producer',
        'life;accident_health',
        state === 'TX' ? 'resident' : 'non_resident',
        iso(issued),
        'active',
        iso(expires),
      ]);
    }
  });
  expect(rows).toHaveLength(20);
  const csv = [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';

  // --- The admin imports the CSV from Licensing → Import.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await fillLogin(adminPage, signedUp.email, PASSWORD);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  const menu = adminPage.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Licensing', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin\/manage\/licensing/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Licensing' })).toBeVisible();
  await adminPage.getByRole('tab', { name: 'Import' }).click();
  const importTab = adminPage.getByTestId('licence-import');
  await expect(importTab.getByTestId('import-columns')).toContainText('licence_number');
  await importTab.getByTestId('import-file-input').setInputFiles({ name: 'licences.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const imported = adminPage.waitForResponse((res) => res.url().endsWith('/server/v1/licensing/import') && res.request().method() === 'POST');
  await importTab.getByRole('button', { name: 'Import' }).click();
  expect((await imported).status()).toBe(200);
  await expect(importTab.getByTestId('import-summary')).toHaveText('20 imported');
  await expect(importTab.getByTestId('import-error')).toHaveCount(0);
  expect(await seriousViolations(adminPage), 'the licence import').toEqual([]);

  // --- Compliance: exactly the two licences expiring soon are 'Due soon'.
  await adminPage.getByRole('tab', { name: 'Compliance' }).click();
  const compliance = adminPage.getByTestId('compliance');
  await expect(compliance.getByTestId('compliance-row')).toHaveCount(20);
  await expect(compliance.getByTestId('count-due_soon')).toHaveText('Due soon: 2');
  await expect(compliance.getByTestId('count-active')).toHaveText('Active: 18');
  await expect(compliance.getByTestId('compliance-expired')).toHaveCount(0);
  const filters = compliance.getByRole('search', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await adminPage.getByRole('option', { name: 'Due soon' }).click();
  const soonRows = compliance.getByTestId('compliance-row');
  await expect(soonRows).toHaveCount(2);
  for (const { producer, state } of dueSoon) {
    const row = soonRows.filter({ hasText: producer.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(numbers.get(`${producer.eid}-${state}`));
    await expect(row.getByTestId('compliance-status')).toHaveText('Due soon');
  }
  expect(await seriousViolations(adminPage), 'the compliance page').toEqual([]);
  await screenshot(adminPage, '52-compliance-due-soon');

  // The first producer's folder, on its Licensing tab: his four licences.
  await compliance.getByRole('combobox', { name: 'Status' }).click();
  await adminPage.getByRole('option', { name: 'Active' }).click();
  await compliance.getByRole('link', { name: first.name }).first().click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/manage/view-user/${first.eid}\\?tab=6$`));
  await expect(adminPage.getByRole('tab', { name: 'Licensing' })).toHaveAttribute('aria-selected', 'true');
  await expect(adminPage.getByTestId('licence-row')).toHaveCount(4);
  await expect(adminPage.getByRole('textbox', { name: /NPN/ })).toHaveValue(first.npn);
  expect(await seriousViolations(adminPage), "the folder's Licensing tab").toEqual([]);
  await adminContext.close();

  // The TX licence's CE requirement, from the state's rule (hours left out).
  const folder = await apiCall(request, adminToken, 'GET', `/licensing/people/${first.eid}`);
  const tx = folder.licences.find((licence) => licence.state === 'TX');
  expect(tx.number).toBe(numbers.get(`${first.eid}-TX`));
  let requirement = tx.requirements.find((r) => r.cycleStart <= iso(today) && r.dueOn >= iso(today));
  if (!requirement) {
    requirement = await apiCall(request, adminToken, 'POST', '/licensing/requirements', { data: { licenceId: tx.id, cycleStart: tx.issuedOn, dueOn: tx.expiresOn } });
  }
  const ethics = requirement.progress.ethics.required;
  expect(ethics, "TX's rule asks for ethics hours").toBeGreaterThanOrEqual(2);
  expect(requirement.progress.ethics.done).toBe(0);

  // --- The producer: My HR, a CE credit of 2 ethics hours with its certificate.
  const producerContext = await browser.newContext();
  const page = await producerContext.newPage();
  await page.goto('/login');
  await fillLogin(page, first.email, PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My HR', exact: true }).click();
  await expect(page).toHaveURL(/\/my-hr$/);
  const card = page.getByTestId('my-licensing-card');
  await expect(card.getByRole('heading', { name: 'My Licensing' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add licence' })).toHaveCount(0);
  const txCe = card.getByRole('article', { name: `CE of TX ${tx.number}` });
  await expect(txCe.getByTestId('ce-progress-text').filter({ hasText: /^Ethics / })).toHaveText(`Ethics 0 of ${ethics} h`);

  await card.getByRole('button', { name: 'Add CE credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add CE credit' });
  await dialog.getByRole('textbox', { name: /^Course/ }).fill('Ethics for producers');
  await dialog.getByRole('textbox', { name: /^Provider/ }).fill('Journey CE School');
  await dialog.getByRole('textbox', { name: /^Hours/ }).fill('2');
  await dialog.getByRole('combobox', { name: /^Topic/ }).click();
  await page.getByRole('option', { name: 'Ethics', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: /^State/ })).toHaveValue('Texas (TX)');
  await dialog.getByTestId('certificate-input').setInputFiles({ name: 'ethics-certificate.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  expect(await seriousViolations(page), 'the CE credit dialog').toEqual([]);
  const added = page.waitForResponse((res) => res.url().endsWith('/server/v1/licensing/credits') && res.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await added).status()).toBe(200);
  await expect(dialog).toHaveCount(0);
  await expect(txCe.getByTestId('ce-progress-text').filter({ hasText: /^Ethics / })).toHaveText(`Ethics 2 of ${ethics} h`);
  const creditRow = card.getByTestId('credit-row').filter({ hasText: 'Ethics for producers' });
  await expect(creditRow).toContainText('2 h');
  await expect(creditRow.getByRole('button', { name: 'Download the certificate of Ethics for producers' })).toBeVisible();
  expect(await seriousViolations(page), 'My HR with licensing').toEqual([]);
  await screenshot(page, '52-my-hr-licensing');

  // As the server keeps it.
  const after = await apiCall(request, adminToken, 'GET', `/licensing/people/${first.eid}`);
  const credit = after.credits.find((c) => c.course === 'Ethics for producers');
  expect(credit).toMatchObject({ hours: 2, topic: 'ethics', state: 'TX' });
  expect(credit.certificate).not.toBeNull();
  await producerContext.close();
});
