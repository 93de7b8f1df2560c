// Journey 30: the keyboard (issue 36). The login page opens with the cursor in the e-mail field,
// and tabbing past the empty fields says nothing. An employee, from the start of /clockin, is on
// the clock's button after two Tabs (the page's 'Skip to content', the shell's 'Skip to the
// clock') and the link's Enter; Enter starts the shift and the focus stays on the clock's button,
// now Clock Out, with its ring showing. axe finds nothing serious on either page.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.mjs';
import { DEMO, DEMO_PASSWORD, apiCall, field, fillLogin, loginByApi, screenshot } from '../support/journey.mjs';

// Nobody else clocks employee 2 (journey 8 keeps employee 1's week to itself).
const EMPLOYEE = DEMO.employee(2);

/** Whether an element draws a focus ring: an outline or a box shadow. */
const ringOf = (locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });

/** The clock closed, whatever an earlier run left: the shift of this journey is its own. */
async function clockOff(request, token) {
  const clock = await apiCall(request, token, 'GET', '/clock/status');
  const params = { trackingNumber: clock.trackingNumber };
  if (clock.status === 2) await apiCall(request, token, 'POST', '/clock/resume-from-break', { params });
  if (clock.status === 1 || clock.status === 2) await apiCall(request, token, 'POST', '/clock/end', { params });
}

test('the login page and the clock work from the keyboard, with a visible focus', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token } = await loginByApi(request, EMPLOYEE);
  // The task dock opens for waiting tasks: earlier journeys' policies and events are answered.
  const tasks = await apiCall(request, token, 'GET', '/profile/my-tasks');
  for (const event of tasks.events) await apiCall(request, token, 'POST', '/profile/affirm-event', { data: { id: event.id } });
  for (const policy of tasks.policies) await apiCall(request, token, 'POST', '/profile/affirm-policy', { data: { id: policy.id } });
  expect((await apiCall(request, token, 'GET', '/profile/my-tasks')).count, 'tasks the dock would show').toBe(0);
  await clockOff(request, token);

  // --- /login: the e-mail field has the cursor and a ring; tabbing past says nothing.
  await page.goto('/login');
  const email = field(page, 'Email');
  await expect(email).toBeFocused();
  expect(await ringOf(email), 'the e-mail field shows its focus').toBe(true);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Password')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeFocused();
  await expect(page.getByText('Please input the Email')).toHaveCount(0);
  await expect(page.getByText('Enter valid password')).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  let serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);

  // A typed address is checked when it is left.
  await email.fill('someone@');
  await email.press('Tab');
  await expect(page.getByText('Invalid Email address')).toBeVisible();

  await fillLogin(page, EMPLOYEE, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/clockin$/);

  // --- /clockin from the page's start: at most three Tabs to the clock.
  await page.goto('/clockin');
  const card = page.getByTestId('clock-card');
  const start = card.getByRole('button', { name: /^(Clock In|Start a New Shift)$/ });
  await expect(start).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('banner').getByRole('link', { name: 'Skip to the clock' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect(await ringOf(skip), 'the skip link shows its focus').toBe(true);
  await page.keyboard.press('Enter');
  await expect(start).toBeFocused();
  expect(await ringOf(start), 'the clock button shows its focus').toBe(true);
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);

  // Enter starts the shift; the keyboard stays on the clock.
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('clock-state')).toHaveText('Clocked in');
  const clockOut = card.getByRole('button', { name: 'Clock Out', exact: true });
  await expect(clockOut).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('clock-button');
  expect(await ringOf(clockOut), 'Clock Out shows its focus').toBe(true);
  serious = await seriousViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
  await screenshot(page, '30-keyboard-clock');

  await clockOff(request, token);
});
