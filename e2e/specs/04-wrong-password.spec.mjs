// Journey 4: a wrong password shows the server's message; after more than 3 failures, the reset hint.
import { expect, test } from '@playwright/test';
import { DEMO, fillLogin, screenshot } from '../support/journey.mjs';

const HINT = 'Forgot your password? Use the reset password link to set a new one.';

test('wrong passwords show the message, then the reset hint', async ({ page }) => {
  await page.goto('/login');
  const alert = page.getByTestId('form-error');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const answer = page.waitForResponse((res) => res.url().endsWith('/server/v1/auth/login'));
    await fillLogin(page, DEMO.employee(6), `wrong-password-${attempt}`);
    const res = await answer;
    expect(res.status()).toBe(401);
    const body = await res.json();
    expect(body.code).toBe('invalid_credentials');
    // The server adds the hint itself after more than 3 failures for the address.
    expect(body.message.includes(HINT)).toBe(attempt > 3);
    await expect(alert).toContainText('Incorrect email or password.');
    if (attempt <= 3) await expect(alert).not.toContainText('Forgot your password?');
    // wait for the request to settle before the next try
    await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  }
  await expect(alert).toContainText(`Incorrect email or password. ${HINT}`);
  await expect(page).toHaveURL(/\/login$/);
  await screenshot(page, '04-wrong-password');
});
