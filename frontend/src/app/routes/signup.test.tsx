import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';

async function fill() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Company/), 'Acme Insurance');
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@acme.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'password1');
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
}

describe('/signup', () => {
  it('offers no trial and no promotion code where the deployment charges nothing', async () => {
    mockFetch({ 'GET /account/signup-data': () => response({ json: { authorizationUrl: null, billingEnabled: false } }) });
    renderRoutes(routes, '/signup');
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByText('30 days free. No card, no contract.')).toBeNull();
    expect(screen.getByText("Create your company's account")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Promotion code/)).toBeNull();
  });

  it('says nothing of fields only tabbed past; a typed one is checked when left', async () => {
    mockFetch({});
    renderRoutes(routes, '/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Company/));
    for (let step = 0; step < 5; step += 1) await user.tab();
    expect(screen.getByLabelText(/Promotion code/)).toHaveFocus();
    for (const required of ['Enter Company Name', 'Enter First Name', 'Enter Last Name', 'Enter a Email', 'Enter a Password']) {
      expect(screen.queryByText(required)).toBeNull();
    }
    await user.type(screen.getByLabelText(/^Email/), 'ada@acme');
    await user.tab();
    expect(await screen.findByText('Invalid Email Address')).toBeInTheDocument();
  });

  it('has a honeypot input that humans never reach', async () => {
    mockFetch({});
    renderRoutes(routes, '/signup');
    await screen.findByLabelText(/Company/);
    const honeypot = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(honeypot).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.getAttribute('aria-hidden')).toBe('true');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('sends the fields with the browser time zone and an empty honeypot, then shows the activation message', async () => {
    const message = 'Thanks for signing up! We have sent an activation email to ada@acme.com. Please follow the link in it to activate your account.';
    const fetch = mockFetch({ 'POST /account/signup': () => response({ status: 201, statusText: 'Created', json: { message } }) });
    renderRoutes(routes, '/signup');
    await fill();
    expect(await screen.findByText(message)).toBeInTheDocument();
    const body = bodyOf(fetch.mock.calls.find(([url]) => String(url).endsWith('/account/signup'))![1]!) as Record<string, string>;
    expect(body).toMatchObject({ company: 'Acme Insurance', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@acme.com', password: 'password1', website: '', token: '' });
    expect(body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("shows 'Sorry {message}' and the field error when the e-mail is taken", async () => {
    mockFetch({
      'POST /account/signup': () =>
        response({
          status: 409,
          statusText: 'Conflict',
          json: { code: 'email_taken', message: 'An account with this email already exists.', errors: { email: ['An account with this email already exists.'] } },
        }),
    });
    renderRoutes(routes, '/signup');
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry An account with this email already exists.');
    expect(screen.getAllByText('An account with this email already exists.').length).toBeGreaterThan(0);
  });

  it('puts 400 validation errors on their fields', async () => {
    mockFetch({
      'POST /account/signup': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Validation failed', errors: { company: ['Please enter valid Company Name'] } } }),
    });
    renderRoutes(routes, '/signup');
    await fill();
    expect(await screen.findByText('Please enter valid Company Name')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a promotion code only when one is typed, and shows its 400 field error under it', async () => {
    const message = 'Thanks for signing up! We have sent an activation email to ada@acme.com. Please follow the link in it to activate your account.';
    let fetch = mockFetch({ 'POST /account/signup': () => response({ status: 201, statusText: 'Created', json: { message } }) });
    const first = renderRoutes(routes, '/signup');
    await fill();
    expect(await screen.findByText(message)).toBeInTheDocument();
    const signupBody = () => bodyOf(fetch.mock.calls.find(([url]) => String(url).endsWith('/account/signup'))![1]!) as Record<string, string>;
    expect(signupBody()).not.toHaveProperty('promotCode');
    first.unmount();

    fetch = mockFetch({
      'POST /account/signup': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Validation failed', errors: { promotCode: ['This promotion code has expired.'] } } }),
    });
    renderRoutes(routes, '/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Promotion code/), ' spring-26 ');
    await fill();
    const field = screen.getByLabelText(/^Promotion code/);
    await waitFor(() => expect(field).toHaveAccessibleDescription(/This promotion code has expired\./));
    expect(signupBody()).toMatchObject({ promotCode: 'spring-26', company: 'Acme Insurance' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
