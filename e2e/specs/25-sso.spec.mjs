// Journey 25: a new agency signs up with its identity provider in the popup, signs out, and signs
// in again with it (the OpenID provider of e2e/oidc/harness.mjs, which run.mjs starts).
import { expect, test } from '@playwright/test';
import { expectShell, field, screenshot, skipTheTour, uniqueEmail } from '../support/journey.mjs';

/**
 * A signup through single sign-on signs the new admin in at once, without `/auth/login`, so
 * `skipTheTour` does not see it: its answer gets the session after `complete-joyride` here.
 */
async function skipTheTourAfterSsoSignup(page) {
  await page.context().route('**/server/v1/account/signup', async (route) => {
    const response = await route.fetch();
    const body = response.status() === 201 ? await response.json().catch(() => null) : null;
    if (!body?.token || body.identity?.joyride !== false) return route.fulfill({ response });
    const done = await page.context().request.post('/server/v1/profile/complete-joyride', {
      headers: { Authorization: `Bearer ${body.token}` },
      data: { done: true },
    });
    if (!done.ok()) return route.fulfill({ response });
    return route.fulfill({ response, json: { ...body, ...(await done.json()) } });
  });
}

/** The provider's sign-in form, in the popup. */
async function signInAtProvider(popup, { email, first, last }) {
  await expect(popup.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible();
  await popup.getByLabel('Email', { exact: true }).fill(email);
  await expect(popup.getByLabel('Email verified')).toBeChecked();
  await popup.getByLabel('First name').fill(first);
  await popup.getByLabel('Last name').fill(last);
  await popup.getByRole('button', { name: 'Sign in' }).click();
}

test('an agency signs up with single sign-on, signs out and signs in with it again', async ({ page }) => {
  const email = uniqueEmail('sso');
  await skipTheTour(page);
  await skipTheTourAfterSsoSignup(page);

  await page.goto('/signup');
  await field(page, 'Company').fill('Single Sign-On Agency');
  const signupPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign up with single sign-on' }).click();
  const popup = await signupPopup;
  await signInAtProvider(popup, { email, first: 'Grace', last: 'Hopper' });
  // The callback page posts the handle to this page and closes itself.
  await popup.waitForEvent('close');

  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, 'Grace');
  await expect(page.getByTestId('company-name')).toHaveText('Single Sign-On Agency');

  // The address is the provider's: read-only in My Profile; there is no password yet.
  await page.goto('/my-profile');
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
  await page.goto('/change-my-password');
  await expect(page.getByRole('heading', { name: 'Create Password' })).toBeVisible();

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The provider remembers this browser: the popup goes straight back and closes.
  const loginPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Log in with single sign-on' }).click();
  const second = await loginPopup;
  await second.waitForEvent('close');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectShell(page, 'Grace');
  await screenshot(page, '25-sso');
});

test('an address that is nobody’s hears the no-match message', async ({ page }) => {
  // Each journey has a browser context of its own: the provider asks who signs in.
  await page.goto('/login');
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Log in with single sign-on' }).click();
  const popup = await opened;
  await signInAtProvider(popup, { email: uniqueEmail('nobody'), first: 'No', last: 'Body' });
  await popup.waitForEvent('close');
  await expect(page).toHaveURL(/\/login\?ssoFailed=1$/);
  await expect(page.getByText(/^Oops! We were unable to find a user that matches this email address\.\.\./)).toBeVisible();
});
